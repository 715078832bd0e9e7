/**
 * The one database interface the server uses. Two implementations (PGlite and
 * node-postgres) run the same SQL, so every query is written once.
 */
export type Row = Record<string, unknown>;

export interface Queryable {
  /** One statement with $1-style parameters. */
  query<T extends object = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** A script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** Cumulative statement counts and the pool's state, read by /metrics at scrape. */
export interface DbStats {
  queries: number;
  querySeconds: number;
  /** Statements sent and not yet answered. */
  inFlight: number;
  /** node-postgres pool connections; null on PGlite (one connection, no pool). */
  pool: { total: number; idle: number; waiting: number } | null;
}

/**
 * What the database's data-change feed calls (migration 037): a factory whose
 * monitored data a committed statement changed, or every factory (a TRUNCATE,
 * or a feed that was down and may have missed some).
 */
export interface DataChangeHandlers {
  changed(factoryId: number): void;
  everything(): void;
}

/** A live subscription to the feed. */
export interface DataChangeListener {
  /**
   * Resolves once every change committed before the call has reached the
   * handlers. PGlite hands a statement's notifications over before the
   * statement resolves, so there it has nothing to wait for; PostgreSQL
   * delivers them on the listening connection before its next answer.
   */
  fence(): Promise<void>;
  close(): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** For metrics; optional so a test double need not count. */
  stats?(): DbStats;
  /**
   * The embedded database's data directory as a gzipped tar, taken between
   * statements (a crash-consistent copy, as after a power cut); PGlite only.
   */
  dumpDataDir?(): Promise<Blob>;
  /** Subscribes to the data-change feed; absent on a test double (nothing is then cached). */
  listenDataChanges?(handlers: DataChangeHandlers): Promise<DataChangeListener>;
  /** Runs fn in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
