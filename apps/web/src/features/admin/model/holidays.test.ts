import { describe, expect, it } from 'vitest';
import { calendarYears, checkHolidayRows, holidaysOf, withYear } from './holidays';

const calendar = [
  { date: '2026-10-10', name: '國慶日' },
  { date: '2027-01-01', name: '元旦' },
  { date: '2026-01-01', name: '元旦' },
  { date: '2027-02-06', name: '春節' },
];

describe('holiday calendar', () => {
  it('offers the years with holidays plus this year and the next', () => {
    expect(calendarYears(calendar, 2026)).toEqual([2026, 2027]);
    expect(calendarYears(calendar, 2028)).toEqual([2026, 2027, 2028, 2029]);
    expect(calendarYears([], 2026)).toEqual([2026, 2027]);
  });

  it("lists one year's holidays in date order", () => {
    expect(holidaysOf(calendar, 2026)).toEqual([
      { date: '2026-01-01', name: '元旦' },
      { date: '2026-10-10', name: '國慶日' },
    ]);
    expect(holidaysOf(calendar, 2030)).toEqual([]);
  });

  it('flags a non-date, a day of another year, a repeat and a long name', () => {
    expect(
      checkHolidayRows(
        [
          { date: '2026-02-30', name: '' },
          { date: '2025-12-31', name: 'Eve' },
          { date: '2026-05-01', name: 'Labour day' },
          { date: '2026-05-01', name: 'x'.repeat(101) },
          { date: '2026-06-19', name: '端午節' },
        ],
        2026,
      ),
    ).toEqual({
      0: { date: 'date' },
      1: { date: 'otherYear' },
      3: { date: 'repeat', name: 'nameTooLong' },
    });
  });

  it('replaces only the edited year, trimmed and in order', () => {
    expect(withYear(calendar, 2026, [{ date: ' 2026-04-04 ', name: ' 兒童節 ' }])).toEqual([
      { date: '2026-04-04', name: '兒童節' },
      { date: '2027-01-01', name: '元旦' },
      { date: '2027-02-06', name: '春節' },
    ]);
    expect(withYear(calendar, 2027, [])).toEqual([
      { date: '2026-01-01', name: '元旦' },
      { date: '2026-10-10', name: '國慶日' },
    ]);
  });
});
