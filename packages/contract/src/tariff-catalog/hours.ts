import type { SeasonRange, TariffStages, TouPeriod, TouRange } from '../tariff.ts';

/**
 * Seasons and hours of Taipower's time-of-use tariffs, as the 2025-10-01
 * table prints them (T1 第五章 四(一)(二), p.26–27; low voltage has the same
 * hours, 第四章 四(二), p.16–17, and its own summer).
 * The 2024 versions use them too, unconfirmed: those tables were not found.
 */

/** Summer 5/16–10/15 (high and extra-high voltage; low voltage has 6/1–9/30). */
export const HV_SEASONS: SeasonRange[] = [
  { season: 'summer', from: '05-16', to: '10-15' },
  { season: 'nonSummer', from: '10-16', to: '05-15' },
];

/** Low voltage: summer 6/1–9/30 (T1 第四章 四, p.15–17). */
export const LV_SEASONS: SeasonRange[] = [
  { season: 'summer', from: '06-01', to: '09-30' },
  { season: 'nonSummer', from: '10-01', to: '05-31' },
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

/**
 * Non-time-of-use (非時間電價): one rate all day, every day. Held as one
 * all-day peak range so the bill holds its demand against the contract as
 * two-stage peak hours: the regular contract in summer, regular + non-summer
 * in non-summer, which is the non-TOU over-contract rule (T1 第四章 七).
 */
const allDay = [r('00:00', '24:00', 'peak')];
export const FLAT_HOURS: StageHours = {
  summerWeekday: allDay,
  summerSaturday: allDay,
  nonSummerWeekday: allDay,
  nonSummerSaturday: allDay,
  sundayHoliday: allDay,
};

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
