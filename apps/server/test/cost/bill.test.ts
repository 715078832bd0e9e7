import { describe, expect, it } from 'vitest';
import { DEFAULT_TARIFF, type TariffDefinition } from '@wattboard/contract';
import {
  monthDemandCharge,
  overContractPenalty,
  projectBill,
  roundMoney,
} from '../../src/modules/cost/calc/bill.ts';
import { demandChargeEntries } from '../../src/modules/cost/calc/diary-charge.ts';
import {
  DEMAND_PERIODS,
  NO_MAXIMA,
  type PeriodMaxima,
} from '../../src/modules/cost/calc/contract-capacity.ts';
import { priceSegments, type RateSegment } from '../../src/modules/cost/calc/rate-segments.ts';
import { TariffSchedule } from '../../src/modules/cost/calc/tariff-schedule.ts';
import { datesBetween, ZoneClock } from '@wattboard/zone-time';

const TERMS = { penaltyTierFraction: 0.1, penaltyTier1Multiplier: 2, penaltyTier2Multiplier: 3 };
const schedule = new TariffSchedule([
  { id: 1, validFrom: '2000-01-01', definition: DEFAULT_TARIFF },
]);

describe('over-contract penalty (2× up to 10 % over, 3× beyond)', () => {
  it.each([
    [900, 1000, 0],
    [1000, 1000, 0],
    [1050, 1000, 50 * 2 * 100],
    [1100, 1000, 100 * 2 * 100], // exactly 10 % over: all at 2×
    [1100.4, 1000, 100 * 2 * 100 + 0.4 * 3 * 100],
    [1200, 1000, 100 * 2 * 100 + 100 * 3 * 100],
    [330, 300, 30 * 2 * 100], // exactly 10 % of a capacity whose tenth is inexact in binary
  ])('peak %d kW on %d kW → TWD %d', (peak, capacity, expected) => {
    expect(roundMoney(overContractPenalty(peak, capacity, 100, TERMS))).toBe(expected);
  });
});

describe("the month's demand charge", () => {
  const month = (from: string, to: string) => datesBetween(from, to);
  it.each([
    ['a non-summer month', '2026-12-01', '2026-12-31', 166.9],
    ['a summer month', '2026-07-01', '2026-07-31', 223.6],
    [
      'May: 15 non-summer + 16 summer days',
      '2026-05-01',
      '2026-05-31',
      (15 * 166.9 + 16 * 223.6) / 31,
    ],
    [
      'October: 15 summer + 16 non-summer days',
      '2026-10-01',
      '2026-10-31',
      (15 * 223.6 + 16 * 166.9) / 31,
    ],
  ])('%s', (_name, first, last, rate) => {
    const charge = monthDemandCharge(schedule, month(first, last), 500, 480, first)!;
    expect(charge.basicRatePerKw).toBeCloseTo(rate, 9);
    expect(charge.basicCharge).toBeCloseTo(500 * rate, 6);
    expect(charge.penalty).toBe(0);
  });

  it('prorates a tariff change mid-month by day and prices the penalty', () => {
    const dearer: TariffDefinition = structuredClone(DEFAULT_TARIFF);
    dearer.basicChargePerKw.nonSummer = 200;
    const changing = new TariffSchedule([
      { id: 1, validFrom: '2000-01-01', definition: DEFAULT_TARIFF },
      { id: 2, validFrom: '2026-12-16', definition: dearer },
    ]);
    const charge = monthDemandCharge(
      changing,
      month('2026-12-01', '2026-12-31'),
      100,
      110,
      '2026-12-20',
    )!;
    const rate = (15 * 166.9 + 16 * 200) / 31;
    expect(charge.basicRatePerKw).toBeCloseTo(rate, 9);
    expect(charge.penalty).toBeCloseTo(10 * 2 * rate, 6);
  });

  it('is null when no day of the month has a tariff', () => {
    const later = new TariffSchedule([
      { id: 1, validFrom: '2027-01-01', definition: DEFAULT_TARIFF },
    ]);
    expect(
      monthDemandCharge(later, month('2026-12-01', '2026-12-31'), 100, 90, '2026-12-01'),
    ).toBeNull();
  });
});

describe('projected bill', () => {
  it.each([
    {
      name: 'mean of the last complete days (up to 7)',
      input: {
        energyCostSoFar: 1000,
        recentDailyCosts: [100, 200, 300, 400, 500, 600, 700, 9999],
        todayCost: 50,
        todayElapsed: 0.5,
        daysAfterToday: 10,
        demandCharges: 5000,
      },
      daily: 400,
      total: 1000 + 400 * 10.5 + 5000,
    },
    {
      name: "first day of history: today's cost scaled to a day",
      input: {
        energyCostSoFar: 60,
        recentDailyCosts: [],
        todayCost: 60,
        todayElapsed: 0.25,
        daysAfterToday: 0,
        demandCharges: 0,
      },
      daily: 240,
      total: 60 + 240 * 0.75,
    },
    {
      name: 'nothing to go on at the day’s first instant',
      input: {
        energyCostSoFar: 0,
        recentDailyCosts: [],
        todayCost: 0,
        todayElapsed: 0,
        daysAfterToday: 30,
        demandCharges: 100,
      },
      daily: 0,
      total: 100,
    },
  ])('$name', ({ input, daily, total }) => {
    const projection = projectBill(input);
    expect(projection.dailyCost).toBeCloseTo(daily, 9);
    expect(projection.total).toBeCloseTo(total, 9);
    expect(projection.basisDays).toBe(Math.min(7, input.recentDailyCosts.length));
  });
});

describe('energy cost of buckets', () => {
  const seg = (
    interval: number,
    period: RateSegment['period'],
    rate: number | null,
  ): RateSegment => ({
    from: 0,
    to: 1,
    interval,
    period,
    rate,
  });
  it('adds kWh × rate per interval, per period and in total; null where no tariff', () => {
    const segments = [
      seg(0, 'offPeak', 2),
      seg(0, 'peak', 8),
      seg(1, 'peak', 8),
      seg(2, null, null),
    ];
    const priced = priceSegments(segments, [10, 1, -0.5, 7], 3);
    expect(priced.intervals).toEqual([
      { kwh: 11, cost: 28, period: null },
      { kwh: -0.5, cost: -4, period: 'peak' },
      { kwh: 7, cost: null, period: null },
    ]);
    expect(priced.total).toEqual({ kwh: 17.5, cost: 24, period: null });
    expect(priced.byPeriod).toEqual([
      { period: 'peak', kwh: 0.5, cost: 4 },
      { period: 'halfPeak', kwh: 0, cost: 0 },
      { period: 'offPeak', kwh: 10, cost: 20 },
    ]);
  });
});

describe('power diary: a new highest block of a period that raises the over-contract charge', () => {
  const clock = new ZoneClock('Asia/Taipei');
  const q = (hhmm: string) => Date.parse(`2026-12-01T${hhmm}:00+08:00`);
  /** Non-summer, regular 100 kW: the charge of each period's excess at its own rate. */
  const rates = { peak: 166.9, halfPeak: 166.9, saturdayHalfPeak: 33.3, offPeak: 33.3 };
  const penalty = (maxima: PeriodMaxima) => {
    let charged = 0;
    let total = 0;
    for (const period of DEMAND_PERIODS) {
      const over = Math.max(0, (maxima[period] ?? 0) - 100 - charged);
      total += rates[period] * (Math.min(over, 10) * 2 + Math.max(0, over - 10) * 3);
      charged += over;
    }
    return total;
  };
  const base = {
    maximaBefore: { ...NO_MAXIMA, halfPeak: 101 },
    penalty,
    contractCapacityKw: 100,
    rootId: 7,
  };

  it('notes each block that raises the charge, in both languages', () => {
    const entries = demandChargeEntries(
      {
        ...base,
        blocks: [
          { start: q('09:00'), kw: 95, period: 'halfPeak' },
          { start: q('09:15'), kw: 104, period: 'halfPeak' },
          { start: q('09:30'), kw: 103, period: 'halfPeak' },
          { start: q('09:45'), kw: 112, period: 'halfPeak' },
          // Off-peak at noon: 112 is no new excess there (half-peak already has 12).
          { start: q('11:00'), kw: 112, period: 'offPeak' },
          { start: q('11:15'), kw: 115, period: 'offPeak' },
        ],
      },
      clock,
    );
    expect(entries.map((e) => [e.kind, e.time, e.nodeId])).toEqual([
      ['demandChargeRaised', '2026-12-01T01:30:00.000Z', 7],
      ['demandChargeRaised', '2026-12-01T02:00:00.000Z', 7],
      ['demandChargeRaised', '2026-12-01T03:30:00.000Z', 7],
    ]);
    expect(entries[0]!.description).toBe(
      'New highest half-peak demand of the billing period 104.0 kW (09:15–09:30) is over the contract capacity 100.0 kW: the over-contract charge rises from TWD 333.80 to TWD 1,335.20',
    );
    expect(entries[1]!.descriptionZh).toBe(
      '本期半尖峰最高需量 112.0 kW（09:45–10:00）超過契約容量 100.0 kW：超約附加費由 TWD 1,335.20 增為 TWD 4,339.40',
    );
    // 3 kW more at night, at the off-peak rate: 3 × 2 × 33.30 = 199.80.
    expect(entries[2]!.description).toContain('off-peak demand of the billing period 115.0 kW');
    expect(entries[2]!.description).toContain('from TWD 4,339.40 to TWD 4,539.20');
  });

  it('stays quiet under the capacity and without a tariff', () => {
    const under = [{ start: q('09:00'), kw: 99, period: 'peak' as const }];
    expect(demandChargeEntries({ ...base, blocks: under }, clock)).toEqual([]);
    const over = [{ start: q('09:00'), kw: 120, period: 'peak' as const }];
    expect(demandChargeEntries({ ...base, blocks: over, penalty: () => null }, clock)).toEqual([]);
    expect(demandChargeEntries({ ...base, blocks: over }, clock)).toHaveLength(1);
  });
});
