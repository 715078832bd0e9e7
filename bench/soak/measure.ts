// What the database says happened, read by the soak with its own connection.
import pg from 'pg';

export interface SoakDb {
  storedKeys(since: Date): Promise<Set<string>>;
  events(factoryId: number, since: Date): Promise<{ id: number; openedAt: string }[]>;
  outbox(since: Date): Promise<{ total: number; sent: number; open: number }>;
  leaseHolder(factoryId: number): Promise<string | null>;
  query<T extends pg.QueryResultRow>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** A pool that rides out the database restart (a failed query is just retried by the caller). */
export function openSoakDb(url: string): SoakDb {
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  const query = async <T extends pg.QueryResultRow>(sql: string, params: unknown[] = []) =>
    (await pool.query<T>(sql, params)).rows;
  return {
    query,
    async storedKeys(since) {
      const rows = await query<{ serial: string; ts: Date }>(
        `SELECT n.serial, r.ts FROM readings r
           JOIN nodes n ON n.factory_id = r.factory_id AND n.id = r.node_id
          WHERE r.ts >= $1`,
        [since],
      );
      return new Set(rows.map((row) => `${row.serial}|${row.ts.toISOString()}`));
    },
    async events(factoryId, since) {
      const rows = await query<{ id: string; opened_at: Date }>(
        `SELECT id, opened_at FROM events
          WHERE factory_id = $1 AND kind = 'threshold' AND opened_at >= $2 ORDER BY id`,
        [factoryId, since],
      );
      return rows.map((row) => ({ id: Number(row.id), openedAt: row.opened_at.toISOString() }));
    },
    async outbox(since) {
      const rows = await query<{ total: string; sent: string; open: string }>(
        `SELECT count(*) AS total,
                count(*) FILTER (WHERE status = 'sent') AS sent,
                count(*) FILTER (WHERE status IN ('pending', 'sending')) AS open
           FROM mail_outbox WHERE created_at >= $1`,
        [since],
      );
      const row = rows[0]!;
      return { total: Number(row.total), sent: Number(row.sent), open: Number(row.open) };
    },
    async leaseHolder(factoryId) {
      const rows = await query<{ holder: string }>(
        'SELECT holder FROM control_scheduler_leases WHERE factory_id = $1 AND expires_at > now()',
        [factoryId],
      );
      return rows[0]?.holder ?? null;
    },
    close: () => pool.end(),
  };
}
