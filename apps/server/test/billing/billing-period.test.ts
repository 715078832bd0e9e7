import { describe, expect, it } from 'vitest';
import {
  billingPeriodOf,
  previousBillingPeriod,
} from '../../src/modules/billing/calc/billing-period.ts';

describe('billingPeriodOf', () => {
  it.each([
    // [date, reading day, from, to]
    ['2026-03-20', 15, '2026-03-15', '2026-04-14'],
    ['2026-03-15', 15, '2026-03-15', '2026-04-14'], // the reading day opens the period
    ['2026-03-14', 15, '2026-02-15', '2026-03-14'], // the day before closes the last one
    ['2026-01-05', 15, '2025-12-15', '2026-01-14'], // across new year, backwards
    ['2025-12-20', 15, '2025-12-15', '2026-01-14'], // across new year, forwards
    ['2026-02-28', 1, '2026-02-01', '2026-02-28'], // day 1 is the calendar month
    ['2028-02-29', 1, '2028-02-01', '2028-02-29'], // leap February
    ['2028-02-29', 28, '2028-02-28', '2028-03-27'],
    ['2026-03-01', 28, '2026-02-28', '2026-03-27'], // a short February: 28 days
    ['2026-12-31', 28, '2026-12-28', '2027-01-27'],
  ])('%s with reading day %i is %s … %s', (date, day, from, to) => {
    expect(billingPeriodOf(date, day)).toEqual({ from, to });
  });

  it('refuses a reading day no month has or that is not a day', () => {
    expect(() => billingPeriodOf('2026-03-01', 29)).toThrow(/1 to 28/);
    expect(() => billingPeriodOf('2026-03-01', 0)).toThrow(/1 to 28/);
    expect(() => billingPeriodOf('2026-03-01', 1.5)).toThrow(/1 to 28/);
  });

  it('periods follow each other with no gap or overlap', () => {
    let period = billingPeriodOf('2026-01-20', 15);
    for (let i = 0; i < 24; i++) {
      const before = previousBillingPeriod(period);
      expect(before.to < period.from).toBe(true);
      expect(billingPeriodOf(before.to, 15)).toEqual(before);
      expect(new Date(`${before.to}T00:00Z`).getTime() + 86_400_000).toBe(
        new Date(`${period.from}T00:00Z`).getTime(),
      );
      period = before;
    }
  });
});
