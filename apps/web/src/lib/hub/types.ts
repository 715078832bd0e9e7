import type { HubClientMethod } from '@wattboard/contract';

/** The live-connection states (the names `@microsoft/signalr` uses). */
export type HubState =
  'Disconnected' | 'Connecting' | 'Connected' | 'Reconnecting' | 'Disconnecting';

/**
 * The part of `@microsoft/signalr`'s HubConnection this client uses. The real
 * one is built by `createSignalRConnection`; tests inject a fake with the same
 * shape, so the state machine is tested without a server.
 */
export interface HubConnectionLike {
  start(): Promise<void>;
  stop(): Promise<void>;
  invoke(method: string, ...args: unknown[]): Promise<unknown>;
  on(event: string, handler: (...args: unknown[]) => void): void;
  onclose(callback: (error?: Error) => void): void;
  onreconnecting(callback: (error?: Error) => void): void;
  onreconnected(callback: (connectionId?: string) => void): void;
}

/** Builds a new, not yet started connection (again after a sign-out disposed the last one). */
export type HubConnectionFactory = () => HubConnectionLike;

/** The raw connection for the developer test screen (agreements: web). */
export interface HubConnectionHandle {
  state: HubState;
  /** Connects first when not connected; 'Connection not initialized' when there is no connection. */
  invoke(method: HubClientMethod, deviceId: number): Promise<unknown>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Every server event as it arrives (name + payload), for the raw-events list. Returns an unsubscribe. */
  onAnyEvent(listener: (event: string, payload: unknown) => void): () => void;
  /** Connection log lines (state changes, errors), newest last. Returns an unsubscribe. */
  onLog(listener: (line: string) => void): () => void;
}
