import type { Queryable } from '../../../platform/db/db.ts';

/** A scheduler holds a factory this long after its last renewal; ticks renew it every minute. */
export const LEASE_MS = 90_000;

/**
 * Takes or renews the factory's scheduler lease for `holder` (one
 * scheduler acts per factory). It succeeds when the lease is free, expired or
 * already this holder's; one statement, so two instances racing for it cannot
 * both win.
 */
export async function acquireLease(
  db: Queryable,
  factoryId: number,
  holder: string,
  now: number,
): Promise<boolean> {
  const rows = await db.query<{ holder: string }>(
    `INSERT INTO control_scheduler_leases AS l (factory_id, holder, expires_at)
     VALUES ($1, $2, $3::timestamptz)
     ON CONFLICT (factory_id) DO UPDATE SET holder = EXCLUDED.holder, expires_at = EXCLUDED.expires_at
      WHERE l.holder = EXCLUDED.holder OR l.expires_at <= $4::timestamptz
     RETURNING holder`,
    [factoryId, holder, new Date(now + LEASE_MS).toISOString(), new Date(now).toISOString()],
  );
  return rows[0]?.holder === holder;
}

/** Gives the lease up at shutdown, so another instance takes over at its next tick. */
export async function releaseLeases(db: Queryable, holder: string): Promise<void> {
  await db.query('DELETE FROM control_scheduler_leases WHERE holder = $1', [holder]);
}

/**
 * Factories a scheduler looks after: those with controlled channels, and those
 * with a contract capacity or a node capacity (demand prediction and warning,
 * issue #15, run every minute for them under the same lease, channels or not).
 */
export async function controlledFactories(
  db: Queryable,
): Promise<{ id: number; timeZone: string; slug: string }[]> {
  return db.query(
    `SELECT f.id, f.time_zone AS "timeZone", f.slug FROM factories f
      WHERE EXISTS (SELECT 1 FROM channel_schedules c WHERE c.factory_id = f.id)
         OR f.contract_capacity_kw IS NOT NULL
         OR EXISTS (SELECT 1 FROM active_nodes n
                     WHERE n.factory_id = f.id AND n.capacity_kw IS NOT NULL)
      ORDER BY f.id`,
  );
}
