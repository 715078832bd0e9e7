import { hubClientMethods, hubServerEvents } from '@wattboard/contract';
import type { HubClientMethod, HubServerEvent, HubServerPayload } from '@wattboard/contract';
import { createHubLog } from './hub-log';
import type { HubConnectionFactory, HubConnectionLike, HubState } from './types';

export const NOT_INITIALIZED = 'Connection not initialized';

const serverEvents = Object.keys(hubServerEvents) as HubServerEvent[];

type Listener<T> = (value: T) => void;
type AnyEventListener = (event: string, payload: unknown) => void;

export interface HubClientOptions {
  createConnection: HubConnectionFactory;
  /** The clock for log lines (tests pin it). */
  now?: () => Date;
}

export interface HubClient {
  getState(): HubState;
  onStateChange(listener: Listener<HubState>): () => void;
  /** True between start() and stop()/dispose(): a Disconnected state then is a failure, not a choice. */
  wantsConnection(): boolean;
  /** A failed start sets Disconnected and rethrows. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Stops and forgets the connection (sign-out); invoking afterwards fails with 'Connection not initialized'. */
  dispose(): Promise<void>;
  /** Invoking while not connected first tries to connect. */
  invoke(method: HubClientMethod, deviceId: number): Promise<unknown>;
  /** A server event, its payload checked against the contract; malformed payloads never reach handlers. */
  on<E extends HubServerEvent>(event: E, handler: Listener<HubServerPayload<E>>): () => void;
  onAnyEvent(listener: AnyEventListener): () => void;
  onLog(listener: Listener<string>): () => void;
}

function subscribe<T>(set: Set<T>, item: T): () => void {
  set.add(item);
  return () => void set.delete(item);
}

/**
 * The live connection's state machine around one `@microsoft/signalr`-shaped
 * connection. Callbacks of a connection that has since been replaced are
 * ignored, so a late close of a disposed connection cannot flip the state.
 */
export function createHubClient({ createConnection, now = () => new Date() }: HubClientOptions) {
  let connection: HubConnectionLike | null = null;
  let state: HubState = 'Disconnected';
  let wanted = false;
  let starting: Promise<void> | null = null;
  let stopping: Promise<void> | null = null;
  const stateListeners = new Set<Listener<HubState>>();
  const settleListeners = new Set<Listener<HubState>>();
  const eventHandlers = new Map<HubServerEvent, Set<Listener<never>>>();
  const anyEventListeners = new Set<AnyEventListener>();
  const log = createHubLog(now);

  function setState(next: HubState) {
    if (next === state) return;
    state = next;
    log.line(`State: ${next}`);
    for (const listener of [...stateListeners]) listener(next);
    if (next === 'Connected' || next === 'Disconnected') {
      for (const listener of [...settleListeners]) listener(next);
    }
  }

  function receive(from: HubConnectionLike, event: HubServerEvent, payload: unknown) {
    if (from !== connection) return;
    for (const listener of [...anyEventListeners]) listener(event, payload);
    const parsed = hubServerEvents[event].safeParse(payload);
    if (!parsed.success) {
      log.failure(`Dropped a malformed ${event} payload`, parsed.error);
      return;
    }
    if (event === 'ConnectionInitialized') {
      log.info('Connection initialized: the initial data is pushed automatically');
    }
    for (const handler of [...(eventHandlers.get(event) ?? [])]) {
      try {
        (handler as Listener<unknown>)(parsed.data);
      } catch (error) {
        log.failure(`A ${event} handler failed`, error);
      }
    }
  }

  function build(): HubConnectionLike {
    const built = createConnection();
    for (const event of serverEvents) {
      built.on(event, (...args: unknown[]) => receive(built, event, args[0]));
    }
    built.onreconnecting((error) => {
      if (built !== connection) return;
      if (error) log.failure('Connection lost, reconnecting', error);
      setState('Reconnecting');
    });
    built.onreconnected(() => {
      if (built === connection) setState('Connected');
    });
    built.onclose((error) => {
      if (built !== connection) return;
      if (error) log.failure('Connection closed', error);
      setState('Disconnected');
    });
    return built;
  }

  /** Waits for an automatic reconnect to end: resolved when it succeeds, rejected when it gives up. */
  function settled(): Promise<void> {
    return new Promise((resolve, reject) => {
      const done = (outcome: HubState) => {
        settleListeners.delete(done);
        if (outcome === 'Connected') resolve();
        else reject(new Error('The connection could not be re-established'));
      };
      settleListeners.add(done);
    });
  }

  async function start(): Promise<void> {
    wanted = true;
    if (state === 'Connected') return;
    if (starting) return starting;
    if (state === 'Reconnecting') return settled();
    if (stopping) {
      await stopping;
      return start(); // someone else may have started meanwhile
    }
    connection ??= build();
    const current = connection;
    setState('Connecting');
    const attempt = current.start().then(
      () => {
        if (current === connection) setState('Connected');
      },
      (error: unknown) => {
        // A disposed connection's failure is expected (it was stopped while starting).
        if (current === connection) {
          setState('Disconnected');
          log.failure('Connection failed to start', error);
        }
        throw error;
      },
    );
    starting = attempt;
    try {
      await attempt;
    } finally {
      if (starting === attempt) starting = null;
    }
  }

  async function stop(): Promise<void> {
    wanted = false;
    const current = connection;
    if (!current || state === 'Disconnected') return;
    if (stopping) return stopping;
    setState('Disconnecting');
    const attempt = current
      .stop()
      .catch((error: unknown) => log.failure('Stopping failed', error))
      .finally(() => {
        if (current === connection) setState('Disconnected');
      });
    stopping = attempt;
    try {
      await attempt;
    } finally {
      if (stopping === attempt) stopping = null;
    }
  }

  /** Forgets the connection at once (so a new start builds a fresh one), then stops it. */
  async function dispose(): Promise<void> {
    wanted = false;
    const current = connection;
    connection = null;
    starting = null;
    stopping = null;
    setState('Disconnected');
    await current?.stop().catch((error: unknown) => log.failure('Stopping failed', error));
  }

  const client: HubClient = {
    getState: () => state,
    onStateChange: (listener) => subscribe(stateListeners, listener),
    wantsConnection: () => wanted,
    start,
    stop,
    dispose,
    async invoke(method, deviceId) {
      if (!connection) throw new Error(NOT_INITIALIZED);
      const argument = hubClientMethods[method].parse(deviceId);
      try {
        if (state !== 'Connected') await start();
        // start() may have run into a dispose (sign-out) meanwhile.
        if (!connection) throw new Error(NOT_INITIALIZED);
        return await connection.invoke(method, argument);
      } catch (error) {
        log.failure(`${method}(${argument}) failed`, error);
        throw error;
      }
    },
    on(event, handler) {
      const handlers = eventHandlers.get(event) ?? new Set();
      eventHandlers.set(event, handlers);
      return subscribe(handlers, handler as Listener<never>);
    },
    onAnyEvent: (listener) => subscribe(anyEventListeners, listener),
    onLog: (listener) => log.subscribe(listener),
  };
  return client;
}
