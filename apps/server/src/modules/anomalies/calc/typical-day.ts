import type { BaselineDayType } from '@wattboard/contract';
import {
  baselineDays,
  dayProfiles,
  measuredQuarters,
  medianProfile,
  type DayProfile,
  type LocalPartsOf,
  type QuarterEnergy,
} from '../../baseline/index.ts';
import { consumedRows } from './quarters.ts';

/**
 * A day's typical kW by quarter (minute of the day → kW), made exactly as
 * the Monitor page's dashed line (docs/baseline.md) from the point's
 * rollups of the days before it, so the event and the chart agree (but for
 * export, counted as zero here as in the quarters judged). Empty
 * when no earlier day of its type was measured well enough: no baseline yet.
 */
export function typicalDayOf(
  date: string,
  rowsBefore: readonly QuarterEnergy[],
  partsOf: LocalPartsOf,
  dayTypeOf: (date: string) => BaselineDayType,
): DayProfile {
  const profiles = dayProfiles(measuredQuarters(consumedRows(rowsBefore)), partsOf);
  return medianProfile(baselineDays(date, dayTypeOf, profiles), profiles);
}
