import type { TariffHoliday } from '@wattboard/contract';

/**
 * The holiday calendar (離峰日) is one list in the tariff; the page edits it a
 * year at a time. Pure helpers: pick a year, check the rows, put them back.
 */

export interface HolidayRow {
  date: string;
  /** As Taiwan publishes it (Chinese). */
  name: string;
  /** Its English name; blank shows `name` in both languages. */
  nameEn: string;
}

export type HolidayProblem = 'date' | 'otherYear' | 'repeat' | 'nameTooLong';
export type HolidayField = 'date' | 'name' | 'nameEn';
export type HolidayErrors = Record<number, Partial<Record<HolidayField, HolidayProblem>>>;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}

/** The years to offer: those with holidays, and this year and the next (to plan ahead), newest last. */
export function calendarYears(holidays: readonly TariffHoliday[], thisYear: number): number[] {
  const years = new Set(holidays.map((h) => Number(h.date.slice(0, 4))));
  years.add(thisYear);
  years.add(thisYear + 1);
  return [...years].filter(Number.isFinite).sort((a, b) => a - b);
}

/** One year's holidays in date order. */
export function holidaysOf(holidays: readonly TariffHoliday[], year: number): HolidayRow[] {
  return holidays
    .filter((h) => h.date.startsWith(`${year}-`))
    .map((h) => ({ date: h.date, name: h.name, nameEn: h.nameEn }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** Problems per row: a real date of that year, once, and a name of at most 100 characters. */
export function checkHolidayRows(rows: readonly HolidayRow[], year: number): HolidayErrors {
  const errors: HolidayErrors = {};
  const seen = new Set<string>();
  rows.forEach((row, index) => {
    const date = row.date.trim();
    const problems: Partial<Record<HolidayField, HolidayProblem>> = {};
    if (!isRealDate(date)) problems.date = 'date';
    else if (!date.startsWith(`${year}-`)) problems.date = 'otherYear';
    else if (seen.has(date)) problems.date = 'repeat';
    seen.add(date);
    if (row.name.trim().length > 100) problems.name = 'nameTooLong';
    if (row.nameEn.trim().length > 100) problems.nameEn = 'nameTooLong';
    if (problems.date || problems.name || problems.nameEn) errors[index] = problems;
  });
  return errors;
}

/** The whole calendar with `year` replaced by `rows` (trimmed, in date order); other years kept. */
export function withYear(
  holidays: readonly TariffHoliday[],
  year: number,
  rows: readonly HolidayRow[],
): TariffHoliday[] {
  const others = holidays.filter((h) => !h.date.startsWith(`${year}-`));
  const mine = rows.map((row) => ({
    date: row.date.trim(),
    name: row.name.trim(),
    nameEn: row.nameEn.trim(),
  }));
  return [...others, ...mine].sort((a, b) => a.date.localeCompare(b.date));
}
