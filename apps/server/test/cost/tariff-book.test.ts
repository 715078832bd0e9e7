import { describe, expect, it } from 'vitest';
import { DEFAULT_TARIFF } from '@wattboard/contract';
import { TariffBook } from '../../src/modules/cost/calc/tariff-book.ts';

const version = (id: number, validFrom: string, peak: number) => ({
  id,
  validFrom,
  definition: {
    ...DEFAULT_TARIFF,
    days: DEFAULT_TARIFF.days.map((day) => ({ ...day, rates: { ...day.rates, peak } })),
  },
});

describe('TariffBook', () => {
  const factory = [version(1, '2020-01-01', 9)];
  const office = [version(3, '2026-01-01', 7), version(2, '2020-01-01', 6)];
  const book = new TariffBook(factory, new Map([[40, office]]));

  it("prices a point with its own versions by them, and any other by the factory's", () => {
    expect(book.forPoint(40).versionOn('2026-06-01')?.id).toBe(3);
    expect(book.forPoint(40).versionOn('2025-06-01')?.id).toBe(2);
    expect(book.forPoint(1).versionOn('2026-06-01')?.id).toBe(1);
    expect(book.forPoint(null)).toBe(book.factory);
    expect(book.hasOwn(40)).toBe(true);
    expect(book.hasOwn(1)).toBe(false);
  });

  it("prices a point by the factory's tariff before its own first version", () => {
    const late = new TariffBook(
      [version(1, '2020-01-01', 9), version(4, '2026-03-01', 8)],
      new Map([[40, [version(5, '2026-01-01', 7)]]]),
    );
    expect(late.forPoint(40).versionOn('2025-12-31')?.id).toBe(1);
    expect(late.forPoint(40).versionOn('2026-01-01')?.id).toBe(5);
    // A later factory version does not reach a point that has its own.
    expect(late.forPoint(40).versionOn('2026-06-01')?.id).toBe(5);
    expect(late.factory.versionOn('2026-06-01')?.id).toBe(4);
  });

  it('treats a point with an empty history as following the factory', () => {
    const empty = new TariffBook(factory, new Map([[40, []]]));
    expect(empty.forPoint(40)).toBe(empty.factory);
    expect(empty.hasOwn(40)).toBe(false);
  });

  it('groups nodes by the schedule that prices them, keeping their order', () => {
    const pointOf = (id: number) => (id === 99 ? null : id >= 40 ? 40 : 1);
    const groups = book.groupBySchedule([1, 41, 2, 40, 99], pointOf);
    expect(groups.map((g) => g.nodeIds)).toEqual([
      [1, 2, 99],
      [41, 40],
    ]);
    expect(groups[0]!.schedule).toBe(book.factory);
    expect(groups[1]!.schedule).toBe(book.forPoint(40));
  });
});
