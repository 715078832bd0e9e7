import type { Queryable } from '../../../platform/db/db.ts';

/**
 * The circuits an overload lands on: the loads of the sheddable channels that
 * are on now (a shed priority, status on, not shed, not set to `on` by a
 * person), with what they draw — a heat wave on the loads shedding can remove.
 */
export async function sheddableCircuits(db: Queryable, factoryId: number) {
  const rows = await db.query<{ node_id: number; kw: number | null }>(
    `SELECT DISTINCT c.node_id, l.kw FROM channel_schedules c
       LEFT JOIN latest_readings l ON l.factory_id = c.factory_id AND l.node_id = c.node_id
      WHERE c.factory_id = $1 AND c.node_id IS NOT NULL AND c.shed_priority IS NOT NULL
        AND c.status = 'on' AND c.action <> 'on'
        AND NOT EXISTS (SELECT 1 FROM demand_sheds s WHERE s.factory_id = c.factory_id
                          AND s.channel_schedule_id = c.id AND s.restored_at IS NULL)
      ORDER BY c.node_id`,
    [factoryId],
  );
  return rows.map((row) => ({ nodeId: row.node_id, kw: Math.max(0, Number(row.kw ?? 0)) }));
}
