import { addDays } from '@wattboard/zone-time';

/** A billing period: factory-local days `from` through `to`, both included. */
export interface BillingPeriod {
  from: string;
  to: string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** The date `readingDay` of the month `monthOffset` months from `date`'s month. */
function readingDate(date: string, readingDay: number, monthOffset: number): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + monthOffset;
  const y = year + Math.floor(month / 12);
  const m = ((month % 12) + 12) % 12;
  return `${y}-${pad(m + 1)}-${pad(readingDay)}`;
}

/**
 * The billing period that holds the local `date`: Taipower reads the meter on
 * the same day each month and the bill runs from one reading day up to the day
 * before the next, so with reading day 15 the period of 2026-03-20 is
 * 2026-03-15 … 2026-04-14. Reading day 1 is the calendar month. The reading
 * day is 1 … 28 (every month has it; the database refuses other values).
 */
export function billingPeriodOf(date: string, readingDay: number): BillingPeriod {
  if (!Number.isInteger(readingDay) || readingDay < 1 || readingDay > 28) {
    throw new RangeError(`meter reading day must be 1 to 28, got ${readingDay}`);
  }
  const day = Number(date.slice(8, 10));
  const from = readingDate(date, readingDay, day >= readingDay ? 0 : -1);
  return { from, to: addDays(readingDate(from, readingDay, 1), -1) };
}

/** The period just before `period` (same reading day). */
export function previousBillingPeriod(period: BillingPeriod): BillingPeriod {
  const readingDay = Number(period.from.slice(8, 10));
  return billingPeriodOf(addDays(period.from, -1), readingDay);
}
