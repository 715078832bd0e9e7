import { describe, expect, it } from 'vitest';
import { DEFAULT_TARIFF, NO_OTHER_CONTRACTS, type TariffDefinition } from '@wattboard/contract';
import { datesBetween } from '@wattboard/zone-time';
import { monthDemandCharge } from '../../src/modules/cost/calc/bill.ts';
import { NO_MAXIMA } from '../../src/modules/cost/calc/contract-capacity.ts';
import {
  billableCapacities,
  periodDemandCharge,
} from '../../src/modules/cost/calc/period-demand.ts';
import { TariffSchedule } from '../../src/modules/cost/calc/tariff-schedule.ts';

const scheduleOf = (definition: TariffDefinition) =>
  new TariffSchedule([{ id: 1, validFrom: '2000-01-01', definition }]);
const schedule = scheduleOf(DEFAULT_TARIFF);
/** July 2026: summer all month (regular 223.60, half-peak 166.90, Saturday / off-peak 44.70). */
const JULY = datesBetween('2026-07-01', '2026-07-31');
const regular = (kw: number | null) => ({ regularKw: kw, others: NO_OTHER_CONTRACTS });
const cents = (value: number) => Math.round(value * 100) / 100;

describe('periodDemandCharge', () => {
  it('charges nothing without a regular contract', () => {
    expect(periodDemandCharge(schedule, JULY, regular(null), NO_MAXIMA, null)).toBeNull();
  });

  it('equals the single-rate rule for a regular-only contract exceeded in peak hours', () => {
    const maxima = { ...NO_MAXIMA, peak: 560, halfPeak: 520, offPeak: 300 };
    const charge = periodDemandCharge(schedule, JULY, regular(500), maxima, {
      kw: 560,
      date: '2026-07-07',
    })!;
    const single = monthDemandCharge(schedule, JULY, 500, 560, '2026-07-07')!;
    // 60 kW over 500: 50 at 2×, 10 at 3× the regular rate.
    expect(cents(charge.penalty)).toBe(cents((50 * 2 + 10 * 3) * 223.6));
    expect(charge.penalty).toBeCloseTo(single.penalty, 9);
    expect(charge.basicCharge).toBeCloseTo(500 * 223.6, 9);
    expect(charge.penaltyByPeriod).toEqual({
      peak: charge.penalty,
      halfPeak: 0,
      saturdayHalfPeak: 0,
      offPeak: 0,
    });
  });

  it('charges an excess outside peak hours at the rate of the type covering that period', () => {
    // Peak 520 (20 over), off-peak 580 (80 over, 60 of it not already charged in peak).
    const maxima = { ...NO_MAXIMA, peak: 520, offPeak: 580 };
    const charge = periodDemandCharge(schedule, JULY, regular(500), maxima, null)!;
    // Off-peak: its own 10 % of 500 (50 kW) at 2×, the other 10 at 3×, at 44.70.
    expect(cents(charge.penaltyByPeriod!.peak)).toBe(cents(20 * 2 * 223.6));
    expect(cents(charge.penaltyByPeriod!.offPeak)).toBe(cents((50 * 2 + 10 * 3) * 44.7));
    expect(cents(charge.penalty)).toBe(14_755);
  });

  it('bills half-peak and off-peak contracts: basic charge and the wider capacity', () => {
    const contract = {
      regularKw: 500,
      others: { ...NO_OTHER_CONTRACTS, halfPeak: 100, offPeak: 400 },
    };
    // Half-peak may use 600, off-peak 1,000: neither 590 nor 950 is over.
    const within = { ...NO_MAXIMA, peak: 480, halfPeak: 590, offPeak: 950 };
    const charge = periodDemandCharge(schedule, JULY, contract, within, null)!;
    // Off-peak kW beyond half of regular + half-peak: 400 − 300 = 100 at 44.70.
    expect(cents(charge.basicCharge)).toBe(cents(500 * 223.6 + 100 * 166.9 + 100 * 44.7));
    expect(charge.penalty).toBe(0);
    const over = { ...within, halfPeak: 630 };
    expect(cents(periodDemandCharge(schedule, JULY, contract, over, null)!.penalty)).toBe(
      cents(30 * 2 * 166.9),
    );
  });

  it('prorates a reading period across seasons by day', () => {
    // 1–15 May non-summer, 16–31 May summer.
    const may = datesBetween('2026-05-01', '2026-05-31');
    const contract = { regularKw: 500, others: { ...NO_OTHER_CONTRACTS, halfPeak: 100 } };
    const charge = periodDemandCharge(schedule, may, contract, NO_MAXIMA, null)!;
    const nonSummer = 500 * 166.9 + 100 * 166.9;
    const summer = 500 * 223.6 + 100 * 166.9;
    expect(charge.basicCharge).toBeCloseTo((15 * nonSummer + 16 * summer) / 31, 6);
    expect(charge.basicRatePerKw).toBeCloseTo((15 * 166.9 + 16 * 223.6) / 31, 9);
  });

  it('prices a tariff without contract-type rates by the single-rate rule', () => {
    const typedIn = scheduleOf({ ...DEFAULT_TARIFF, contractBasicRates: null });
    const maxima = { ...NO_MAXIMA, offPeak: 580 };
    const charge = periodDemandCharge(typedIn, JULY, regular(500), maxima, {
      kw: 580,
      date: '2026-07-05',
    })!;
    expect(charge.penaltyByPeriod).toBeNull();
    expect(cents(charge.penalty)).toBe(cents((50 * 2 + 30 * 3) * 223.6));
  });
});

describe('billableCapacities', () => {
  const others = { halfPeak: 100, nonSummer: 80, saturdayHalfPeak: 50, offPeak: 40 };

  it('keeps only the types of the stages: half-peak in three-stage, non-summer in two-stage', () => {
    expect(billableCapacities(DEFAULT_TARIFF, { regularKw: 500, others })).toEqual({
      regular: 500,
      halfPeak: 100,
      nonSummer: 0,
      saturdayHalfPeak: 50,
      offPeak: 40,
    });
    const twoStage: TariffDefinition = {
      ...DEFAULT_TARIFF,
      stages: 'twoStage',
      contractBasicRates: {
        summer: { halfPeak: null, nonSummer: null, saturdayHalfPeak: 44.7, offPeak: 44.7 },
        nonSummer: { halfPeak: null, nonSummer: 166.9, saturdayHalfPeak: 33.3, offPeak: 33.3 },
      },
    };
    expect(billableCapacities(twoStage, { regularKw: 500, others })).toEqual({
      regular: 500,
      halfPeak: 0,
      nonSummer: 80,
      saturdayHalfPeak: 50,
      offPeak: 40,
    });
  });

  it('counts no other type under a tariff without their rates', () => {
    const typedIn = { ...DEFAULT_TARIFF, contractBasicRates: null };
    expect(billableCapacities(typedIn, { regularKw: 500, others })).toEqual({
      regular: 500,
      halfPeak: 0,
      nonSummer: 0,
      saturdayHalfPeak: 0,
      offPeak: 0,
    });
  });
});
