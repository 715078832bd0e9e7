/** The live connection (the notification hub). Import from here, not from the files. */
export { HubProvider, useHubClient } from './hub-context';
export { useHubConnection, useHubEvent, useHubState } from './hooks';
export { useDeviceSubscription } from './device-subscription';
export { NOT_INITIALIZED } from './hub-client';
export type { HubClient } from './hub-client';
export type {
  HubConnectionFactory,
  HubConnectionHandle,
  HubConnectionLike,
  HubState,
} from './types';
