import { describe, expect, it } from 'vitest';
import {
  DAYS_PER_WEEK,
  TIMER_SLOTS_PER_DAY,
  autoEntry,
  emptyWeeklyTimer,
  schedule,
  timerSlotIndex,
  weeklyAuto,
  weeklyTimer,
} from './control-schedule.ts';
import { issueMessages, issuePaths } from './fixtures/issue-paths.ts';
import {
  scheduleExample,
  signalEntry,
  weekOfAuto,
  weekOfSlots,
  workdaySlots,
} from './fixtures/examples.ts';

describe('timer schedule: 7 days × 48 half-hour slots', () => {
  it('accepts exactly 7 × 48 slots of 0 and 1, numeric strings included', () => {
    expect(TIMER_SLOTS_PER_DAY).toBe(48);
    expect(DAYS_PER_WEEK).toBe(7);
    const week = weekOfSlots.map((day, i) => (i === 0 ? day.map(String) : day));
    expect(weeklyTimer.parse(week)[0]?.[16]).toBe(1);
  });

  it('rejects a day with 47 or 49 slots', () => {
    const short = [...weekOfSlots.slice(0, 6), workdaySlots.slice(1)];
    const long = [...weekOfSlots.slice(0, 6), [...workdaySlots, 0]];
    expect(issueMessages(weeklyTimer, short)).toEqual({
      '6': 'A timer day has exactly 48 half-hour slots',
    });
    expect(issuePaths(weeklyTimer, long)).toEqual(['6']);
  });

  it('rejects 6 or 8 days', () => {
    expect(issueMessages(weeklyTimer, weekOfSlots.slice(0, 6))).toEqual({
      '': 'A timer has exactly 7 days, Sunday first',
    });
    expect(weeklyTimer.safeParse([...weekOfSlots, workdaySlots]).success).toBe(false);
  });

  it('rejects slot values other than 0 and 1', () => {
    const day: number[] = [...workdaySlots];
    day[3] = 2;
    expect(issueMessages(weeklyTimer, [day, ...weekOfSlots.slice(1)])).toEqual({
      '0.3': 'A timer slot is 0 (off) or 1 (on)',
    });
  });

  it('starts a new timer with every slot off', () => {
    const week = emptyWeeklyTimer();
    expect(weeklyTimer.safeParse(week).success).toBe(true);
    expect(week.flat().every((slot) => slot === 0)).toBe(true);
  });

  it('maps a time of day to its half-hour slot', () => {
    expect(timerSlotIndex(0, 0)).toBe(0);
    expect(timerSlotIndex(0, 29)).toBe(0);
    expect(timerSlotIndex(0, 30)).toBe(1);
    expect(timerSlotIndex(23, 59)).toBe(47);
    expect(() => timerSlotIndex(24, 0)).toThrow(RangeError);
    expect(() => timerSlotIndex(12, 60)).toThrow(RangeError);
  });
});

describe('auto schedule: 7 day entries', () => {
  it('accepts timer, signal and off entries', () => {
    const parsed = weeklyAuto.parse(weekOfAuto);
    expect(parsed.map((e) => e.type)).toEqual([
      'off',
      'timer',
      'signal',
      'timer',
      'timer',
      'timer',
      'off',
    ]);
    const signal = parsed[2];
    expect(signal?.type === 'signal' && signal.highWaterMark).toBe(120);
  });

  it('needs exactly 7 entries', () => {
    expect(weeklyAuto.safeParse(weekOfAuto.slice(1)).success).toBe(false);
  });

  it('needs the low water mark below the high one', () => {
    expect(issueMessages(autoEntry, { ...signalEntry, lowWaterMark: 120 })).toEqual({
      lowWaterMark: 'lowWaterMark must be below highWaterMark',
    });
  });

  it('watches consumption only', () => {
    expect(issuePaths(autoEntry, { ...signalEntry, detectType: 'Voltage' })).toEqual([
      'detectType',
    ]);
  });

  it('rejects an unknown entry type', () => {
    expect(autoEntry.safeParse({ type: 'sometimes' }).success).toBe(false);
  });

  it('needs 48 slots in a timer entry', () => {
    expect(issuePaths(autoEntry, { type: 'timer', timer: workdaySlots.slice(2) })).toEqual([
      'timer',
    ]);
  });
});

describe('schedule', () => {
  it('allows on to be null', () => {
    expect(schedule.parse(scheduleExample).on).toBeNull();
    expect(schedule.parse({ ...scheduleExample, on: true }).on).toBe(true);
  });
});
