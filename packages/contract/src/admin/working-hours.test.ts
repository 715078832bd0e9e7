import { describe, expect, it } from 'vitest';
import {
  DEFAULT_WORKING_HOURS,
  WORKING_PERIODS_MAX,
  workingHours,
  workingMinutes,
} from './working-hours.ts';

const messages = (value: unknown) => {
  const result = workingHours.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
};

describe('working hours', () => {
  it('takes the default, a whole day and periods that touch', () => {
    expect(messages(DEFAULT_WORKING_HOURS)).toEqual([]);
    expect(
      messages({
        weekday: [
          { from: '00:00', to: '06:00' },
          { from: '06:00', to: '24:00' },
        ],
        saturday: [{ from: '00:00', to: '24:00' }],
        sundayHoliday: [],
      }),
    ).toEqual([]);
  });

  it('refuses an empty or backward period, off-quarter times, overlaps and too many periods', () => {
    const day = (weekday: unknown) => ({ ...DEFAULT_WORKING_HOURS, weekday });
    expect(messages(day([{ from: '08:00', to: '08:00' }]))).toEqual(['to must be after from']);
    expect(messages(day([{ from: '08:05', to: '09:00' }]))[0]).toMatch(/quarter hour/);
    expect(messages(day([{ from: '24:00', to: '24:00' }]))).toEqual(['to must be after from']);
    expect(
      messages(
        day([
          { from: '12:00', to: '18:00' },
          { from: '08:00', to: '12:15' },
        ]),
      ),
    ).toEqual(['weekday: periods must not overlap']);
    const many = Array.from({ length: WORKING_PERIODS_MAX + 1 }, (_, i) => ({
      from: `0${i}:00`,
      to: `0${i}:30`,
    }));
    expect(messages(day(many))).toEqual([`weekday has at most ${WORKING_PERIODS_MAX} periods`]);
  });

  it('gives minutes of the day in order of their start', () => {
    expect(
      workingMinutes([
        { from: '22:00', to: '24:00' },
        { from: '06:00', to: '14:00' },
      ]),
    ).toEqual([
      [360, 840],
      [1320, 1440],
    ]);
  });
});
