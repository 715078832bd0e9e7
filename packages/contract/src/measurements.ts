import { z } from 'zod';
import { nullableNumeric, numeric } from './numeric.ts';
import { isoDateTime, localDate } from './time.ts';

/**
 * Phase keys by wiring: a,b,c wye; ab,bc,ca delta (line to line);
 * l1,l2 single-phase three-wire; value a single measurement.
 */
export const phaseKey = z.enum(['a', 'b', 'c', 'l1', 'l2', 'ab', 'bc', 'ca', 'value']);
export type PhaseKey = z.infer<typeof phaseKey>;

/** One phase's latest reading. */
export const reading = z.object({
  voltage: numeric,
  current: numeric,
  valueKw: numeric,
  pf: numeric.optional(),
  temperature: numeric.optional(),
  valueKWH: numeric.optional(),
});
export type Reading = z.infer<typeof reading>;

/** Readings keyed by the phases the meter's wiring has. */
export const phaseReadings = z.partialRecord(phaseKey, reading);
export type PhaseReadings = z.infer<typeof phaseReadings>;

/** Balance and energy-distribution level. */
export const level = z.enum(['high', 'mid', 'low']);
export type Level = z.infer<typeof level>;

/** Three-phase balance: total kW and each phase's level; null when not three-phase. */
export const balance = z
  .object({
    valueKw: numeric,
    level: z.partialRecord(z.enum(['a', 'b', 'c', 'ab', 'bc', 'ca']), level),
  })
  .nullable();
export type Balance = z.infer<typeof balance>;

/** Demand (15-minute block average kW): latest block, month's highest, range's highest. */
export const monitorDemand = z.object({
  valueKw: nullableNumeric,
  monthMaxKw: nullableNumeric,
  maxKw: nullableNumeric,
});

/**
 * One fifteen-minute cell of the energy-distribution heatmap.
 * Every field is null for a slot without data — one that has not begun yet
 * (the rest of today), a gap, or a time the day did not have: "no data yet",
 * never 0 and `low`. The list keeps all 96 slots of the day either way.
 */
export const energyDistributionValue = z.object({
  averageKW: nullableNumeric,
  level: level.nullable(),
  maxKW: nullableNumeric,
  valueKWH: nullableNumeric,
});
export type EnergyDistributionValue = z.infer<typeof energyDistributionValue>;

/** One factory-local day of the heatmap: its fifteen-minute values in time order. */
export const energyDistributionEntry = z.object({
  date: localDate,
  values: z.array(energyDistributionValue),
});
export type EnergyDistributionEntry = z.infer<typeof energyDistributionEntry>;

/** One point of a time chart; null where there is no data (gaps are not invented). */
export const chartPoint = z.object({
  time: isoDateTime,
  value: nullableNumeric,
});
export type ChartPoint = z.infer<typeof chartPoint>;

/** Energy with its CO2 (kWh, kg). */
export const kwhAndCo2 = z.object({ kwh: numeric, co2: numeric });
export type KwhAndCo2 = z.infer<typeof kwhAndCo2>;
