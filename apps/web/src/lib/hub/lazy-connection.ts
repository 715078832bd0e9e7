import type { HubConnectionLike } from './types';

/**
 * A connection whose library is fetched when it first starts (or invokes):
 * `@microsoft/signalr` is ~16 KB brotli that a page's first screen does not
 * need (issue #14). Handlers registered before the library is in are attached
 * to the real connection as soon as it is built; a stop before that has
 * nothing to stop.
 */
export function lazyConnection(load: () => Promise<HubConnectionLike>): HubConnectionLike {
  let real: HubConnectionLike | undefined;
  let loading: Promise<HubConnectionLike> | undefined;
  const attachments: ((connection: HubConnectionLike) => void)[] = [];

  const ready = () =>
    (loading ??= load().then((built) => {
      real = built;
      for (const attach of attachments.splice(0)) attach(built);
      return built;
    }));
  const attach = (how: (connection: HubConnectionLike) => void) => {
    if (real) how(real);
    else attachments.push(how);
  };

  return {
    start: async () => (await ready()).start(),
    stop: async () => real?.stop(),
    invoke: async (method, ...args) => (await ready()).invoke(method, ...args),
    on: (event, handler) => attach((connection) => connection.on(event, handler)),
    onclose: (callback) => attach((connection) => connection.onclose(callback)),
    onreconnecting: (callback) => attach((connection) => connection.onreconnecting(callback)),
    onreconnected: (callback) => attach((connection) => connection.onreconnected(callback)),
  };
}

/** The app's connection: the real `@microsoft/signalr` one, its library fetched on first use. */
export function createLazySignalRConnection(): HubConnectionLike {
  return lazyConnection(async () =>
    (await import('./signalr-connection')).createSignalRConnection(),
  );
}
