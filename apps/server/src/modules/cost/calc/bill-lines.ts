import type { ZoneClock } from '@wattboard/zone-time';
import { periodEndVersion } from './account-rules.ts';
import type { RateSegment } from './rate-segments.ts';
import { dayTypeOf, type TariffSchedule } from './tariff-schedule.ts';

/** The energy lines a Taipower time-of-use bill prints, and their charge. */
export interface EnergyLines {
  kwhPeak: number;
  kwhHalfPeak: number;
  kwhSaturdayHalfPeak: number;
  kwhOffPeak: number;
  /** TWD; Σ kWh × rate; null when no tariff covers any of it. */
  energyCharge: number | null;
}

export type KwhLine = 'kwhPeak' | 'kwhHalfPeak' | 'kwhSaturdayHalfPeak' | 'kwhOffPeak';

/**
 * The bill line of each rate segment (null without a tariff or outside the
 * selection): a half-peak segment on a day the tariff treats as Saturday is
 * Saturday half-peak (週六半尖峰), which the bill prints apart. Computed once
 * per period and shared by every point billed over it.
 */
export function segmentLines(
  segments: readonly RateSegment[],
  schedule: TariffSchedule,
  clock: ZoneClock,
): (KwhLine | null)[] {
  return segments.map((segment) => {
    if (segment.period === null || segment.excluded) return null;
    if (segment.period === 'peak') return 'kwhPeak';
    if (segment.period === 'offPeak') return 'kwhOffPeak';
    const { date, weekday } = clock.localParts(segment.from);
    const version = schedule.versionOn(date);
    return version !== null && dayTypeOf(version.compiled, date, weekday) === 'saturday'
      ? 'kwhSaturdayHalfPeak'
      : 'kwhHalfPeak';
  });
}

/** Net kWh of each segment (`energy`, aligned with `segments`) summed into the bill's lines. */
export function energyLines(
  segments: readonly RateSegment[],
  lines: readonly (KwhLine | null)[],
  energy: readonly number[],
): EnergyLines {
  const result: EnergyLines = {
    kwhPeak: 0,
    kwhHalfPeak: 0,
    kwhSaturdayHalfPeak: 0,
    kwhOffPeak: 0,
    energyCharge: null,
  };
  segments.forEach((segment, i) => {
    const line = lines[i];
    if (!line) return;
    const kwh = energy[i] ?? 0;
    result[line] += kwh;
    if (segment.rate !== null)
      result.energyCharge = (result.energyCharge ?? 0) + kwh * segment.rate;
  });
  return result;
}

/**
 * Whether a period's bill prints its energy as one all-day line: the tariff
 * on its last covered day is flat (非時間電價, decision 0068), whose every
 * hour is held as `peak`, so its kWh are in kwhPeak and Admin › Bills names
 * that line "all day". False without a tariff.
 */
export function isAllDayPeriod(schedule: TariffSchedule, dates: readonly string[]): boolean {
  const version = periodEndVersion(schedule, dates);
  return version !== null && !version.definition.timeOfUse;
}
