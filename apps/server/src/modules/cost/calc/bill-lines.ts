import type { ZoneClock } from '@wattboard/zone-time';
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

/**
 * Net kWh of each rate segment sorted into the bill's lines: a half-peak
 * segment on a day the tariff treats as Saturday is Saturday half-peak (週六半尖峰),
 * which the bill prints apart. `energy` is aligned with `segments`.
 */
export function energyLines(
  segments: readonly RateSegment[],
  energy: readonly number[],
  schedule: TariffSchedule,
  clock: ZoneClock,
): EnergyLines {
  const lines: EnergyLines = {
    kwhPeak: 0,
    kwhHalfPeak: 0,
    kwhSaturdayHalfPeak: 0,
    kwhOffPeak: 0,
    energyCharge: null,
  };
  segments.forEach((segment, i) => {
    const kwh = energy[i] ?? 0;
    if (segment.period === null || segment.excluded) return;
    if (segment.rate !== null) lines.energyCharge = (lines.energyCharge ?? 0) + kwh * segment.rate;
    if (segment.period === 'peak') lines.kwhPeak += kwh;
    else if (segment.period === 'offPeak') lines.kwhOffPeak += kwh;
    else if (isSaturday(segment.from, schedule, clock)) lines.kwhSaturdayHalfPeak += kwh;
    else lines.kwhHalfPeak += kwh;
  });
  return lines;
}

function isSaturday(instant: number, schedule: TariffSchedule, clock: ZoneClock): boolean {
  const { date, weekday } = clock.localParts(instant);
  const version = schedule.versionOn(date);
  return version !== null && dayTypeOf(version.compiled, date, weekday) === 'saturday';
}
