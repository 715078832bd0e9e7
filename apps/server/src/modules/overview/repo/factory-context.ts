import type { Queryable } from '../../../platform/db/db.ts';

export interface FactoryFigures {
  co2Factor: number;
  contractCapacityKw: number | null;
}

/** The factory's CO2 factor and contract capacity (kW, null when not set). */
export async function factoryFigures(db: Queryable, factoryId: number): Promise<FactoryFigures> {
  const rows = await db.query<{ co2_factor: number; contract_capacity_kw: number | null }>(
    'SELECT co2_factor, contract_capacity_kw FROM factories WHERE id = $1',
    [factoryId],
  );
  const row = rows[0];
  if (!row) throw new Error(`Factory ${factoryId} does not exist`);
  return { co2Factor: row.co2_factor, contractCapacityKw: row.contract_capacity_kw };
}
