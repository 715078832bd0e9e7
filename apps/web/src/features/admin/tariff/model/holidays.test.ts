import { describe, expect, it } from 'vitest';
import { calendarYears, checkHolidayRows, holidaysOf, withYear } from './holidays';

const calendar = [
  { date: '2026-10-10', name: '國慶日', nameEn: 'National Day' },
  { date: '2027-01-01', name: '元旦', nameEn: '' },
  { date: '2026-01-01', name: '元旦', nameEn: '' },
  { date: '2027-02-06', name: '春節', nameEn: 'Lunar New Year' },
];

describe('holiday calendar', () => {
  it('offers the years with holidays plus this year and the next', () => {
    expect(calendarYears(calendar, 2026)).toEqual([2026, 2027]);
    expect(calendarYears(calendar, 2028)).toEqual([2026, 2027, 2028, 2029]);
    expect(calendarYears([], 2026)).toEqual([2026, 2027]);
  });

  it("lists one year's holidays in date order", () => {
    expect(holidaysOf(calendar, 2026)).toEqual([
      { date: '2026-01-01', name: '元旦', nameEn: '' },
      { date: '2026-10-10', name: '國慶日', nameEn: 'National Day' },
    ]);
    expect(holidaysOf(calendar, 2030)).toEqual([]);
  });

  it('flags a non-date, a day of another year, a repeat and a long name', () => {
    expect(
      checkHolidayRows(
        [
          { date: '2026-02-30', name: '', nameEn: '' },
          { date: '2025-12-31', name: 'Eve', nameEn: '' },
          { date: '2026-05-01', name: 'Labour day', nameEn: '' },
          { date: '2026-05-01', name: 'x'.repeat(101), nameEn: '' },
          { date: '2026-06-19', name: '端午節', nameEn: 'y'.repeat(101) },
        ],
        2026,
      ),
    ).toEqual({
      0: { date: 'date' },
      1: { date: 'otherYear' },
      3: { date: 'repeat', name: 'nameTooLong' },
      4: { nameEn: 'nameTooLong' },
    });
  });

  it('replaces only the edited year, trimmed and in order', () => {
    expect(
      withYear(calendar, 2026, [
        { date: ' 2026-04-04 ', name: ' 兒童節 ', nameEn: " Children's Day " },
      ]),
    ).toEqual([
      { date: '2026-04-04', name: '兒童節', nameEn: "Children's Day" },
      { date: '2027-01-01', name: '元旦', nameEn: '' },
      { date: '2027-02-06', name: '春節', nameEn: 'Lunar New Year' },
    ]);
    expect(withYear(calendar, 2027, [])).toEqual([
      { date: '2026-01-01', name: '元旦', nameEn: '' },
      { date: '2026-10-10', name: '國慶日', nameEn: 'National Day' },
    ]);
  });
});
