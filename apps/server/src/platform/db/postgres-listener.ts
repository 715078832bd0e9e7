import pg from 'pg';
import type { DataChangeHandlers, DataChangeListener } from './db.ts';
import { DATA_CHANGE_CHANNEL, dispatchDataChange } from './data-change-channel.ts';

/** How long a failed connection attempt keeps the feed down before the next try. */
const RETRY_AFTER_MS = 5_000;

/** Names the listening connection in pg_stat_activity. */
export const LISTENER_APPLICATION_NAME = 'wattboard-data-changes';

/**
 * The data-change feed on PostgreSQL: one connection of its own that LISTENs
 * (a pooled one would be handed to other queries). While it is down the fence
 * fails, so nothing is cached or served from the cache; every (re)connection
 * counts as "everything changed", since notifications sent meanwhile are lost.
 */
export async function listenPostgres(
  url: string,
  handlers: DataChangeHandlers,
): Promise<DataChangeListener> {
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let failedAt = -Infinity;
  let closed = false;

  const lost = (gone: pg.Client) => {
    if (client !== gone) return;
    client = null;
    handlers.everything();
    gone.end().catch(() => undefined);
  };

  async function connect(): Promise<pg.Client> {
    const next = new pg.Client({
      connectionString: url,
      application_name: LISTENER_APPLICATION_NAME,
    });
    next.on('notification', (message) => {
      if (message.channel === DATA_CHANGE_CHANNEL) {
        dispatchDataChange(message.payload ?? '*', handlers);
      }
    });
    next.on('error', () => lost(next));
    next.on('end', () => lost(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${DATA_CHANGE_CHANNEL}`);
    } catch (error) {
      next.end().catch(() => undefined);
      throw error;
    }
    handlers.everything();
    client = next;
    return next;
  }

  function connected(): Promise<pg.Client> {
    if (client) return Promise.resolve(client);
    if (closed) return Promise.reject(new Error('data-change feed closed'));
    if (performance.now() - failedAt < RETRY_AFTER_MS) {
      return Promise.reject(new Error('data-change feed down'));
    }
    connecting ??= connect()
      .catch((error: unknown) => {
        failedAt = performance.now();
        throw error;
      })
      .finally(() => {
        connecting = null;
      });
    return connecting;
  }

  // Notifications committed before this query reach the handlers before its answer.
  const ping = async () => {
    await (await connected()).query('SELECT 1');
  };
  // One ping at a time on the connection: callers that arrive while one is out share the
  // next, which starts after all of them arrived, so each still gets a fence of its own.
  let running: Promise<void> | null = null;
  let queued: Promise<void> | null = null;
  const fence = (): Promise<void> => {
    if (!running) {
      running = ping().finally(() => {
        running = null;
      });
      return running;
    }
    queued ??= running
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return fence();
      });
    return queued;
  };

  // Up from the start when the database is; a failure here only means no cache until it is.
  await connected().catch(() => undefined);
  return {
    fence,
    async close() {
      closed = true;
      const last = client;
      client = null;
      await last?.end().catch(() => undefined);
    },
  };
}
