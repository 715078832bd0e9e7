import type { Queryable } from '../../../platform/db/db.ts';
import type { ZoneClock } from '@wattboard/zone-time';
import { co2Rates, type Co2Rates, factorForYear } from '../calc/emission-factors.ts';
import { PUBLISHED_FACTORS, type PublishedFactor } from '../published-factors.ts';

/** A factory's entries, oldest year first. */
export async function listEmissionFactors(
  db: Queryable,
  factoryId: number,
): Promise<PublishedFactor[]> {
  return db.query<PublishedFactor>(
    `SELECT year, kg_per_kwh AS "kgPerKwh", source, source_zh AS "sourceZh" FROM emission_factors
      WHERE factory_id = $1 ORDER BY year`,
    [factoryId],
  );
}

/** Adds or replaces one year's factor. */
export async function saveEmissionFactor(
  db: Queryable,
  factoryId: number,
  entry: PublishedFactor,
): Promise<void> {
  await db.query(
    `INSERT INTO emission_factors (factory_id, year, kg_per_kwh, source, source_zh)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (factory_id, year) DO UPDATE
       SET kg_per_kwh = EXCLUDED.kg_per_kwh, source = EXCLUDED.source, source_zh = EXCLUDED.source_zh`,
    [factoryId, entry.year, entry.kgPerKwh, entry.source, entry.sourceZh],
  );
}

/** Removes one year's entry; false when there was none. */
export async function removeEmissionFactor(
  db: Queryable,
  factoryId: number,
  year: number,
): Promise<boolean> {
  const rows = await db.query<{ year: number }>(
    'DELETE FROM emission_factors WHERE factory_id = $1 AND year = $2 RETURNING year',
    [factoryId, year],
  );
  return rows.length > 0;
}

/** A new factory starts with Taiwan's published factors (modules/carbon/published-factors.ts). */
export async function ensurePublishedFactors(db: Queryable, factoryId: number): Promise<void> {
  for (const entry of PUBLISHED_FACTORS) {
    await db.query(
      `INSERT INTO emission_factors (factory_id, year, kg_per_kwh, source, source_zh)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT (factory_id, year) DO NOTHING`,
      [factoryId, entry.year, entry.kgPerKwh, entry.source, entry.sourceZh],
    );
  }
}

/**
 * The factory's CO2 rates: its entries by year, and its single co2_factor only
 * for a factory without any entry (one made before factors by year, in a test).
 */
export async function loadCo2Rates(
  db: Queryable,
  factoryId: number,
  clock: ZoneClock,
): Promise<Co2Rates> {
  const rows = await db.query<{ year: number | null; kg_per_kwh: number; fallback: number }>(
    `SELECT e.year, e.kg_per_kwh, f.co2_factor AS fallback
       FROM factories f LEFT JOIN emission_factors e ON e.factory_id = f.id
      WHERE f.id = $1`,
    [factoryId],
  );
  if (rows.length === 0) throw new Error(`Factory ${factoryId} does not exist`);
  const factors = rows.flatMap((row) =>
    row.year === null ? [] : [{ year: row.year, kgPerKwh: Number(row.kg_per_kwh) }],
  );
  return co2Rates(factors, clock, Number(rows[0]!.fallback));
}

/** The factor a year uses, the entry's year and its source; the single factor when there is none. */
export async function appliedFactorOfYear(
  db: Queryable,
  factoryId: number,
  year: number,
): Promise<{ kgPerKwh: number; fromYear: number | null; source: string; sourceZh: string }> {
  const factors = await listEmissionFactors(db, factoryId);
  const applied = factorForYear(factors, year);
  if (applied) {
    const entry = factors.find((candidate) => candidate.year === applied.fromYear);
    return { ...applied, source: entry?.source ?? '', sourceZh: entry?.sourceZh ?? '' };
  }
  const rows = await db.query<{ co2_factor: number }>(
    'SELECT co2_factor FROM factories WHERE id = $1',
    [factoryId],
  );
  return { kgPerKwh: Number(rows[0]?.co2_factor ?? 0), fromYear: null, source: '', sourceZh: '' };
}
