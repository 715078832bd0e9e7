import type { SeasonRange, TariffStages, TouPeriod, TouRange } from '../tariff.ts';

/**
 * Seasons and hours of Taipower's high- and extra-high-voltage time-of-use
 * tariffs, as the 2025-10-01 table prints them (T1 第五章 四(一)(二), p.26–27).
 * The 2024 versions use them too, unconfirmed: those tables were not found.
 */

/** Summer 5/16–10/15 (high and extra-high voltage; low voltage has 6/1–9/30). */
export const HV_SEASONS: SeasonRange[] = [
  { season: 'summer', from: '05-16', to: '10-15' },
  { season: 'nonSummer', from: '10-16', to: '05-15' },
];

const r = (from: string, to: string, period: TouPeriod): TouRange => ({ from, to, period });

/** Non-summer weekdays and Saturdays: off-peak at night and at midday, `on` otherwise. */
const nonSummerHours = (on: TouPeriod) => [
  r('00:00', '06:00', 'offPeak'),
  r('06:00', '11:00', on),
  r('11:00', '14:00', 'offPeak'),
  r('14:00', '24:00', on),
];

export interface StageHours {
  summerWeekday: TouRange[];
  summerSaturday: TouRange[];
  nonSummerWeekday: TouRange[];
  nonSummerSaturday: TouRange[];
  /** Sundays and off-peak days (週日及離峰日): off-peak all day, in both seasons. */
  sundayHoliday: TouRange[];
}

export const HOURS: Record<TariffStages, StageHours> = {
  // T1 p.27: summer peak 16–22, half-peak 9–16 and 22–24; no non-summer peak.
  threeStage: {
    summerWeekday: [
      r('00:00', '09:00', 'offPeak'),
      r('09:00', '16:00', 'halfPeak'),
      r('16:00', '22:00', 'peak'),
      r('22:00', '24:00', 'halfPeak'),
    ],
    summerSaturday: [r('00:00', '09:00', 'offPeak'), r('09:00', '24:00', 'halfPeak')],
    nonSummerWeekday: nonSummerHours('halfPeak'),
    nonSummerSaturday: nonSummerHours('halfPeak'),
    sundayHoliday: [r('00:00', '24:00', 'offPeak')],
  },
  // T1 p.26: peak and off-peak only on weekdays; Saturdays as three-stage
  // (Saturday half-peak, billed here as the day's halfPeak).
  twoStage: {
    summerWeekday: [r('00:00', '09:00', 'offPeak'), r('09:00', '24:00', 'peak')],
    summerSaturday: [r('00:00', '09:00', 'offPeak'), r('09:00', '24:00', 'halfPeak')],
    nonSummerWeekday: nonSummerHours('peak'),
    nonSummerSaturday: nonSummerHours('halfPeak'),
    sundayHoliday: [r('00:00', '24:00', 'offPeak')],
  },
};
