import type { Queryable } from '../../../platform/db/db.ts';
import type { ZoneClock } from '@wattboard/zone-time';
import { energyTotals, type EnergyTotals } from '../../rollups/index.ts';
import { splitAtNewYears, type Co2Rates } from '../calc/emission-factors.ts';
import { combineTotals } from '../calc/combine-totals.ts';

export type EnergyTotalsWithCo2 = EnergyTotals & {
  /** kg CO2e of the net energy, each year's part at that year's factor. */
  co2: number;
};

/**
 * energyTotals (modules/rollups) with the CO2 of each node's net energy. A
 * range inside one local year is one query, as before; one that crosses New
 * Year is read in one part per year, so each part takes its own year's factor.
 */
export async function energyTotalsWithCo2(
  db: Queryable,
  factoryId: number,
  nodeIds: readonly number[],
  range: { from: number; to: number },
  carbon: { rates: Co2Rates; clock: ZoneClock },
  blocksBefore: number = range.to,
): Promise<Map<number, EnergyTotalsWithCo2>> {
  const parts = splitAtNewYears(range, carbon.clock);
  const read = await Promise.all(
    parts.map(async (part) => ({
      rate: carbon.rates.ofYear(part.year),
      totals: await energyTotals(db, factoryId, nodeIds, part, blocksBefore),
    })),
  );
  return combineTotals(read);
}
