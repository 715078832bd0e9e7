/**
 * The demo factory sheds by itself (issue #15): automatic shedding on, and
 * shed priorities on the loads a factory would give up first for a quarter
 * hour — the EV charger, the office air conditioning, the workshop lighting —
 * and last the chiller plant (Warehouse Lighting and the Water Pump are set to
 * `on` and never shed).
 */
import type { Queryable } from '../../../platform/db/db.ts';

export const DEMO_SHED_PRIORITIES: ReadonlyArray<readonly [name: string, priority: number]> = [
  ['EV Charger', 1],
  ['Office Air Conditioning', 2],
  ['Workshop Lighting', 3],
  // Last: the chiller plant, whose second stage makes the hot-afternoon peaks (~810-830 kW on an
  // 800 kW contract); the three above (~30-50 kW) cannot bring those under the 95 % target alone.
  ['Chiller', 4],
];

export async function seedDemoDemand(tx: Queryable, factoryId: number): Promise<void> {
  await tx.query(
    `INSERT INTO demand_settings (factory_id, auto_shed) VALUES ($1, true)
     ON CONFLICT (factory_id) DO NOTHING`,
    [factoryId],
  );
  for (const [name, priority] of DEMO_SHED_PRIORITIES) {
    await tx.query(
      'UPDATE channel_schedules SET shed_priority = $3 WHERE factory_id = $1 AND name = $2',
      [factoryId, name, priority],
    );
  }
}
