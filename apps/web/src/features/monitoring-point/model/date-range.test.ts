import { describe, expect, it } from 'vitest';
import {
  datesSettled,
  daysInRange,
  editRange,
  lastDays,
  MAX_RANGE_DAYS,
  rangeInputLimits,
  withinLimit,
} from './date-range';

describe('date ranges', () => {
  it('builds ranges ending today, across month and year ends', () => {
    expect(lastDays('2026-11-21', 1)).toEqual({ startDate: '2026-11-21', endDate: '2026-11-21' });
    expect(lastDays('2026-03-02', 7)).toEqual({ startDate: '2026-02-24', endDate: '2026-03-02' });
    expect(lastDays('2027-01-05', 30).startDate).toBe('2026-12-07');
  });

  it('counts days with both ends included, also over a daylight-saving change', () => {
    expect(daysInRange({ startDate: '2026-11-21', endDate: '2026-11-21' })).toBe(1);
    expect(daysInRange({ startDate: '2026-03-28', endDate: '2026-03-30' })).toBe(3);
  });

  it('moves the other end along when an edit crosses it, and ignores unusable dates', () => {
    const range = { startDate: '2026-11-10', endDate: '2026-11-12' };
    expect(editRange(range, 'startDate', '2026-11-15')).toEqual({
      startDate: '2026-11-15',
      endDate: '2026-11-15',
    });
    expect(editRange(range, 'endDate', '2026-11-01')).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-01',
    });
    expect(editRange(range, 'endDate', '')).toBe(range);
  });
});

describe('datesSettled', () => {
  const search = (query: string) => new URLSearchParams(query);
  it('waits for the factory time unless both days are real dates in the URL', () => {
    expect(datesSettled(search('deviceId=1'), false)).toBe(false);
    expect(datesSettled(search('deviceId=1'), true)).toBe(true);
    expect(datesSettled(search('startDate=2026-11-20&endDate=2026-11-21'), false)).toBe(true);
    expect(datesSettled(search('startDate=2026-11-20'), false)).toBe(false);
    expect(datesSettled(search('startDate=2026-02-30&endDate=2026-03-01'), false)).toBe(false);
  });
});

// Issue #23 item 4: a range over 366 days was sent, refused by two cards and priced by a third.
describe('the 366-day limit', () => {
  it('cuts a longer range to its last 366 days and keeps shorter ones', () => {
    expect(withinLimit({ startDate: '2025-01-01', endDate: '2026-11-21' })).toEqual({
      startDate: '2025-11-21',
      endDate: '2026-11-21',
    });
    expect(daysInRange(withinLimit({ startDate: '2020-02-29', endDate: '2024-02-29' }))).toBe(
      MAX_RANGE_DAYS,
    );
    const year = { startDate: '2025-11-21', endDate: '2026-11-21' };
    expect(daysInRange(year)).toBe(366);
    expect(withinLimit(year)).toBe(year);
  });

  it('moves the other end along when an edit would pass the limit', () => {
    const range = { startDate: '2026-11-01', endDate: '2026-11-21' };
    expect(editRange(range, 'startDate', '2024-06-01')).toEqual({
      startDate: '2024-06-01',
      endDate: '2025-06-01',
    });
    expect(
      editRange({ startDate: '2025-01-01', endDate: '2025-01-02' }, 'endDate', '2026-11-21'),
    ).toEqual({ startDate: '2025-11-21', endDate: '2026-11-21' });
    expect(daysInRange(editRange(range, 'startDate', '2024-06-01'))).toBe(366);
  });

  it('limits the inputs to today and to 366 days from the other end', () => {
    expect(
      rangeInputLimits({ startDate: '2026-11-01', endDate: '2026-11-21' }, '2026-11-21'),
    ).toEqual({
      startDate: { min: '2025-11-21', max: '2026-11-21' },
      endDate: { max: '2026-11-21' },
    });
    expect(
      rangeInputLimits({ startDate: '2024-01-01', endDate: '2024-01-05' }, '2026-11-21').endDate,
    ).toEqual({ max: '2024-12-31' });
  });
});
