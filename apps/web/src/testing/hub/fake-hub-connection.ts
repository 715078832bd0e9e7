import type { HubConnectionFactory, HubConnectionLike } from '@/lib/hub/types';

type Handler = (...args: unknown[]) => void;

/**
 * A stand-in for `@microsoft/signalr`'s HubConnection, for component and unit
 * tests (the real client is exercised against the real server by e2e). Tests
 * drive it the way the network would: finish or fail a start, push events,
 * lose the connection, reconnect, give up.
 */
export class FakeHubConnection implements HubConnectionLike {
  /** What the next start() does: succeed at once, fail at once, or wait for finishStart(). */
  nextStart: 'succeed' | 'fail' | 'hold' = 'succeed';
  startCalls = 0;
  stopCalls = 0;
  readonly invocations: { method: string; args: unknown[] }[] = [];
  /** Answers invocations; replace it to make the server reject one. */
  answer: (method: string, args: unknown[]) => Promise<unknown> = () => Promise.resolve(undefined);

  private readonly handlers = new Map<string, Handler[]>();
  private readonly closeCallbacks: ((error?: Error) => void)[] = [];
  private readonly reconnectingCallbacks: ((error?: Error) => void)[] = [];
  private readonly reconnectedCallbacks: ((connectionId?: string) => void)[] = [];
  private pendingStart: { resolve: () => void; reject: (error: Error) => void } | null = null;

  start(): Promise<void> {
    this.startCalls += 1;
    if (this.nextStart === 'fail')
      return Promise.reject(new Error('Failed to complete negotiation'));
    if (this.nextStart === 'succeed') return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.pendingStart = { resolve, reject };
    });
  }

  /** Completes a held start, successfully or with an error. */
  finishStart(error?: Error): void {
    const pending = this.pendingStart;
    this.pendingStart = null;
    if (!pending) throw new Error('No start is waiting');
    if (error) pending.reject(error);
    else pending.resolve();
  }

  stop(): Promise<void> {
    this.stopCalls += 1;
    // Like the real client: a start under way fails, and onclose fires.
    this.pendingStart?.reject(new Error('The connection was stopped during negotiation.'));
    this.pendingStart = null;
    for (const callback of this.closeCallbacks) callback();
    return Promise.resolve();
  }

  invoke(method: string, ...args: unknown[]): Promise<unknown> {
    this.invocations.push({ method, args });
    return this.answer(method, args);
  }

  on(event: string, handler: Handler): void {
    // The real client matches event names case-insensitively.
    const key = event.toLowerCase();
    this.handlers.set(key, [...(this.handlers.get(key) ?? []), handler]);
  }

  onclose(callback: (error?: Error) => void): void {
    this.closeCallbacks.push(callback);
  }

  onreconnecting(callback: (error?: Error) => void): void {
    this.reconnectingCallbacks.push(callback);
  }

  onreconnected(callback: (connectionId?: string) => void): void {
    this.reconnectedCallbacks.push(callback);
  }

  /** The server pushes an event. */
  emit(event: string, payload: unknown): void {
    for (const handler of this.handlers.get(event.toLowerCase()) ?? []) handler(payload);
  }

  /** The transport dropped; the automatic reconnect begins. */
  loseConnection(error = new Error('WebSocket closed with status code: 1006')): void {
    for (const callback of this.reconnectingCallbacks) callback(error);
  }

  /** An automatic reconnect succeeded. */
  reconnect(connectionId = 'reconnected'): void {
    for (const callback of this.reconnectedCallbacks) callback(connectionId);
  }

  /** The reconnect policy gave up (or the server closed without allowing a reconnect). */
  close(error = new Error('Reconnect retries have been exhausted')): void {
    for (const callback of this.closeCallbacks) callback(error);
  }
}

/** A connection factory that remembers every connection it built. */
export function fakeHubConnections(options: { nextStart?: FakeHubConnection['nextStart'] } = {}) {
  const built: FakeHubConnection[] = [];
  const createConnection: HubConnectionFactory = () => {
    const connection = new FakeHubConnection();
    connection.nextStart = options.nextStart ?? 'succeed';
    built.push(connection);
    return connection;
  };
  return {
    createConnection,
    built,
    /** The connection built last (tests usually have one). */
    get latest(): FakeHubConnection {
      const connection = built.at(-1);
      if (!connection) throw new Error('No connection has been built yet');
      return connection;
    },
  };
}
