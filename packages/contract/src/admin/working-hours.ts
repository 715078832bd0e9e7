import { z } from 'zod';
import { quarterClock } from '../tariff.ts';
import { clockMinutes } from '../tariff-rules.ts';

/**
 * A factory's working hours (issue #27, decision 0091): the
 * periods people work on each day type of the tariff calendar. The waste
 * finder judges load outside them as "runs when nobody works". Times are on
 * quarter hours (the data's grain), `to` after `from`; 24:00 ends the day. A
 * night shift over midnight is two periods: to 24:00 on its day's type and
 * from 00:00 on the next day's.
 */
export const WORKING_DAY_TYPES = ['weekday', 'saturday', 'sundayHoliday'] as const;
export type WorkingDayType = (typeof WORKING_DAY_TYPES)[number];

/** Periods a day type may have (three shifts and a break, with room to spare). */
export const WORKING_PERIODS_MAX = 6;

export const workingPeriod = z
  .object({ from: quarterClock, to: quarterClock })
  .refine((period) => clockMinutes(period.to) > clockMinutes(period.from), {
    message: 'to must be after from',
    path: ['to'],
  });
export type WorkingPeriod = z.infer<typeof workingPeriod>;

const dayPeriods = (dayType: WorkingDayType) =>
  z
    .array(workingPeriod, { error: `${dayType} must be a list of periods` })
    .max(WORKING_PERIODS_MAX, `${dayType} has at most ${WORKING_PERIODS_MAX} periods`)
    .superRefine((periods, ctx) => {
      const sorted = periods
        .map((period, index) => ({
          index,
          from: clockMinutes(period.from),
          to: clockMinutes(period.to),
        }))
        .sort((a, b) => a.from - b.from);
      for (let i = 1; i < sorted.length; i++) {
        if (sorted[i]!.from < sorted[i - 1]!.to) {
          ctx.addIssue({
            code: 'custom',
            message: `${dayType}: periods must not overlap`,
            path: [sorted[i]!.index, 'from'],
          });
        }
      }
    });

export const workingHours = z.object(
  {
    weekday: dayPeriods('weekday'),
    saturday: dayPeriods('saturday'),
    sundayHoliday: dayPeriods('sundayHoliday'),
  },
  { error: 'workingHours must be an object' },
);
export type WorkingHours = z.infer<typeof workingHours>;

/** What a factory works until its Admin says otherwise: the demo factory's two shifts and a Saturday one. */
export const DEFAULT_WORKING_HOURS: WorkingHours = {
  weekday: [{ from: '06:00', to: '22:00' }],
  saturday: [{ from: '08:00', to: '17:00' }],
  sundayHoliday: [],
};

/** The periods in order of their start, as [from, to) minutes of the day. */
export function workingMinutes(periods: readonly WorkingPeriod[]): [number, number][] {
  return periods
    .map((period): [number, number] => [clockMinutes(period.from), clockMinutes(period.to)])
    .sort((a, b) => a[0] - b[0]);
}
