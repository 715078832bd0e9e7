import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { HubServerEvent, HubServerPayload } from '@wattboard/contract';
import { NOT_INITIALIZED } from './hub-client';
import type { HubClient } from './hub-client';
import { useHubClient } from './hub-context';
import type { HubConnectionHandle, HubState } from './types';

const noSubscription = () => () => {};
const disconnected = (): HubState => 'Disconnected';

/** The live connection's state; 'Disconnected' outside a HubProvider. */
export function useHubState(): HubState {
  const client = useHubClient();
  return useSyncExternalStore(
    client?.onStateChange ?? noSubscription,
    client?.getState ?? disconnected,
    client?.getState ?? disconnected,
  );
}

/** The latest value in a ref, so subscriptions need not be redone when a callback changes. */
export function useLatest<T>(value: T) {
  const ref = useRef(value);
  useEffect(() => {
    ref.current = value;
  });
  return ref;
}

/** Subscribe to a server event while mounted; the handler gets the payload parsed with hubServerEvents[event]. */
export function useHubEvent<E extends HubServerEvent>(
  event: E,
  handler: (payload: HubServerPayload<E>) => void,
): void {
  const client = useHubClient();
  const latest = useLatest(handler);
  useEffect(() => client?.on(event, (payload) => latest.current(payload)), [client, event, latest]);
}

/** Without a provider there is no connection object, so invoking fails (and is only logged). */
const detachedHandle: Omit<HubConnectionHandle, 'state'> = {
  invoke: () => Promise.reject(new Error(NOT_INITIALIZED)),
  start: () => Promise.reject(new Error(NOT_INITIALIZED)),
  stop: () => Promise.resolve(),
  onAnyEvent: () => () => {},
  onLog: () => () => {},
};

function handleFor(client: HubClient): Omit<HubConnectionHandle, 'state'> {
  return {
    invoke: client.invoke,
    start: client.start,
    stop: client.stop,
    onAnyEvent: client.onAnyEvent,
    onLog: client.onLog,
  };
}

/** The raw connection for the developer test screen: state, log lines, invoke, raw event tap. */
export function useHubConnection(): HubConnectionHandle {
  const client = useHubClient();
  const state = useHubState();
  const methods = useMemo(() => (client ? handleFor(client) : detachedHandle), [client]);
  return useMemo(() => ({ ...methods, state }), [methods, state]);
}
