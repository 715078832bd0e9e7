import type { Queryable } from '../../../platform/db/db.ts';
import type { ZoneClock } from '@wattboard/zone-time';
import { type Co2Rates, loadCo2Rates } from '../../carbon/index.ts';

export interface FactoryFigures {
  co2Rates: Co2Rates;
  contractCapacityKw: number | null;
}

/** The factory's CO2 factors by year and contract capacity (kW, null when not set). */
export async function factoryFigures(
  db: Queryable,
  factoryId: number,
  clock: ZoneClock,
): Promise<FactoryFigures> {
  const [rows, co2Rates] = await Promise.all([
    db.query<{ contract_capacity_kw: number | null }>(
      'SELECT contract_capacity_kw FROM factories WHERE id = $1',
      [factoryId],
    ),
    loadCo2Rates(db, factoryId, clock),
  ]);
  const row = rows[0];
  if (!row) throw new Error(`Factory ${factoryId} does not exist`);
  return { co2Rates, contractCapacityKw: row.contract_capacity_kw };
}
