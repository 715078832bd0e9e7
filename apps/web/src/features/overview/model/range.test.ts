import { describe, expect, it } from 'vitest';
import { editDayRange, lastWeek } from './range';

describe('comparison range', () => {
  it('starts with the week ending today, across a month end', () => {
    expect(lastWeek('2026-03-02')).toEqual({ startDate: '2026-02-24', endDate: '2026-03-02' });
  });

  const week = { startDate: '2026-11-15', endDate: '2026-11-21' };

  it('moves one end, dragging the other when they cross', () => {
    expect(editDayRange(week, 'startDate', '2026-11-10')).toEqual({
      ...week,
      startDate: '2026-11-10',
    });
    expect(editDayRange(week, 'startDate', '2026-11-25')).toEqual({
      startDate: '2026-11-25',
      endDate: '2026-11-25',
    });
    expect(editDayRange(week, 'endDate', '2026-11-01')).toEqual({
      startDate: '2026-11-01',
      endDate: '2026-11-01',
    });
  });

  it('keeps the range within 366 days', () => {
    expect(editDayRange(week, 'startDate', '2025-01-01')).toEqual({
      startDate: '2025-01-01',
      endDate: '2026-01-01',
    });
    expect(
      editDayRange({ startDate: '2020-02-01', endDate: '2020-02-02' }, 'endDate', '2021-03-01'),
    ).toEqual({
      startDate: '2020-03-01',
      endDate: '2021-03-01',
    });
    expect(editDayRange(week, 'startDate', '2025-11-21').endDate).toBe('2026-11-21');
  });

  it('ignores an unusable date', () => {
    expect(editDayRange(week, 'endDate', '')).toBe(week);
    expect(editDayRange(week, 'endDate', '2026-02-30')).toBe(week);
  });
});
