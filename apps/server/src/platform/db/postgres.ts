import pg from 'pg';
import type { Db, Queryable } from './db.ts';
import { QueryStats } from './query-stats.ts';
import { listenPostgres } from './postgres-listener.ts';

type PgQueryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

function wrap(target: PgQueryable): Queryable {
  return {
    async query<T extends object>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, [...params]);
      return result.rows;
    },
    async exec(sql: string) {
      // Without parameters node-postgres uses the simple protocol, which runs a whole script.
      await target.query(sql);
    },
  };
}

export interface PostgresOptions {
  /** Puts every connection's search_path on this schema (tests isolate themselves this way). */
  schema?: string;
  max?: number;
}

/** A node-postgres pool behind the Db interface (DATABASE_URL). */
export async function openPostgresDb(url: string, options: PostgresOptions = {}): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 10,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  // A restarted or failed-over server drops the idle connections: node-postgres
  // reports that as an 'error' event, which unheard would crash the process. The
  // pool has already discarded the client and the next query opens a new one.
  pool.on('error', () => undefined);
  // Fail at start-up, with the driver's reason, rather than on the first request.
  const client = await pool.connect();
  client.release();
  const stats = new QueryStats();
  return {
    kind: 'postgres',
    ...stats.wrap(wrap(pool)),
    stats: () =>
      stats.snapshot({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
      }),
    listenDataChanges: (handlers) => listenPostgres(url, handlers),
    async transaction(fn) {
      const tx = await pool.connect();
      // Checked out, the pool no longer listens: a connection dropped between two statements must not crash us.
      const ignore = () => undefined;
      tx.on('error', ignore);
      let broken: Error | undefined;
      try {
        await tx.query('BEGIN');
        const result = await fn(stats.wrap(wrap(tx)));
        await tx.query('COMMIT');
        return result;
      } catch (error) {
        // A failed ROLLBACK means the connection itself is gone: destroy it, never pool it again.
        await tx.query('ROLLBACK').catch((rollbackError: unknown) => {
          broken =
            rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        });
        throw error;
      } finally {
        tx.off('error', ignore);
        tx.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
