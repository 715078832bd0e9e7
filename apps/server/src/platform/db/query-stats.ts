import type { DbStats, Queryable } from './db.ts';

/**
 * Counts statements and the time they take, for /metrics. A few additions per
 * statement, so it stays on in production: it is the only view of PGlite's
 * load, which has no pool to look at.
 */
export class QueryStats {
  queries = 0;
  querySeconds = 0;
  inFlight = 0;

  /** The same queryable, counted. */
  wrap(target: Queryable): Queryable {
    return {
      query: (sql, params) => this.#time(() => target.query(sql, params)),
      exec: (sql) => this.#time(() => target.exec(sql)),
    };
  }

  snapshot(pool: DbStats['pool']): DbStats {
    return {
      queries: this.queries,
      querySeconds: this.querySeconds,
      inFlight: this.inFlight,
      pool,
    };
  }

  async #time<T>(run: () => Promise<T>): Promise<T> {
    const started = performance.now();
    this.inFlight += 1;
    try {
      return await run();
    } finally {
      this.inFlight -= 1;
      this.queries += 1;
      this.querySeconds += (performance.now() - started) / 1000;
    }
  }
}
