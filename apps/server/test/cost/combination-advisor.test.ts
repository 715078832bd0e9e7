import { describe, expect, it } from 'vitest';
import { DEFAULT_TARIFF, taipowerTariff, type TariffDefinition } from '@wattboard/contract';
import {
  advisableTypes,
  better,
  cheapestCombination,
  combinationCost,
  type CombinationCost,
} from '../../src/modules/cost/calc/combination-advisor.ts';
import { capacityCost } from '../../src/modules/cost/calc/capacity-advisor.ts';
import {
  NO_MAXIMA,
  type ContractCapacities,
  type ContractType,
} from '../../src/modules/cost/calc/contract-capacity.ts';
import { advisorMonth, type Maxima } from './combination-months.ts';

const HV2 = taipowerTariff('hv-2stage@2025-10-01')!.tariff;
const THREE: ContractType[] = ['regular', 'halfPeak', 'saturdayHalfPeak', 'offPeak'];
const TWO: ContractType[] = ['regular', 'nonSummer', 'saturdayHalfPeak', 'offPeak'];
const NONE: ContractCapacities = {
  regular: 0,
  halfPeak: 0,
  nonSummer: 0,
  saturdayHalfPeak: 0,
  offPeak: 0,
};
const kw = (c: Partial<ContractCapacities>): ContractCapacities => ({ ...NONE, ...c });
const capacities = (c: CombinationCost) => ({ regular: c.capacityKw, ...c.others });
const july = (maxima: Partial<Maxima>, tariff = DEFAULT_TARIFF) =>
  advisorMonth(tariff, '2026-07', { ...NO_MAXIMA, ...maxima });
const december = (maxima: Partial<Maxima>, tariff = DEFAULT_TARIFF) =>
  advisorMonth(tariff, '2026-12', { ...NO_MAXIMA, ...maxima });

describe('advisableTypes', () => {
  it('follows the stages and the rates the tariff prints', () => {
    expect(advisableTypes(DEFAULT_TARIFF)).toEqual(THREE);
    expect(advisableTypes(HV2)).toEqual(TWO);
    expect(advisableTypes({ ...DEFAULT_TARIFF, contractBasicRates: null })).toEqual(['regular']);
    // A "—" in one season: the bill would fall back to the single rate, so not offered.
    const rates = DEFAULT_TARIFF.contractBasicRates!;
    const noHalf: TariffDefinition = {
      ...DEFAULT_TARIFF,
      contractBasicRates: { ...rates, summer: { ...rates.summer, halfPeak: null } },
    };
    expect(advisableTypes(noHalf)).toEqual(['regular', 'saturdayHalfPeak', 'offPeak']);
  });
});

describe('combinationCost', () => {
  it('prices the point’s own contract as capacityCost does', () => {
    const others = { halfPeak: 80, nonSummer: 0, saturdayHalfPeak: 0, offPeak: 300 };
    const periods = [
      advisorMonth(
        DEFAULT_TARIFF,
        '2026-07',
        {
          peak: 520,
          halfPeak: 640,
          saturdayHalfPeak: 300,
          offPeak: 910,
        },
        others,
      ),
      advisorMonth(
        DEFAULT_TARIFF,
        '2026-12',
        { ...NO_MAXIMA, halfPeak: 480, offPeak: 990 },
        others,
      ),
    ];
    const own = combinationCost(periods, { regular: 500, ...others })!;
    const regular = capacityCost(periods, 500);
    expect(own.total).toBeCloseTo(regular.total, 9);
    expect(own.penalised).toEqual(regular.penalised);
  });
});

describe('cheapestCombination, by hand', () => {
  const search = (periods: ReturnType<typeof july>[], types = THREE, current = null) =>
    cheapestCombination(periods, { types, minimumKw: 100, current });

  it('no data: null', () => {
    expect(search([])).toBeNull();
  });

  it('one summer month, half-peak above peak: half-peak kW are cheaper than regular kW', () => {
    // Any kW left uncovered costs 2× or 3× the rate of a month's kW, so both are covered: regular
    // 300 at 223.6 and half-peak 200 at 166.9 = 67,080 + 33,380 = 100,460. Regular alone: 500 kW,
    // 111,800.
    const best = search([july({ peak: 300, halfPeak: 500 })])!;
    expect(capacities(best)).toEqual(kw({ regular: 300, halfPeak: 200 }));
    expect(best.total).toBeCloseTo(100_460, 6);
    expect(best.penalised).toEqual([]);
  });

  it('nights above the day: Saturday kW, half of the weekday contract free', () => {
    // Regular 300 covers the day; 600 kW at night needs 300 more. The first 150 of Saturday and
    // off-peak kW are free (half the weekday contract), the rest at 44.70: 67,080 + 6,705 = 73,785.
    // Saturday and off-peak kW cost the same; Saturday ones also cover Saturdays: chosen on the tie.
    const best = search([july({ peak: 300, offPeak: 600 })])!;
    expect(capacities(best)).toEqual(kw({ regular: 300, saturdayHalfPeak: 300 }));
    expect(best.total).toBeCloseTo(73_785, 6);
  });

  it('a type that is never worth buying stays at 0, even when the point has some', () => {
    // All the demand is in peak hours: every other kW only adds basic charge.
    const periods = [july({ peak: 420, halfPeak: 400, offPeak: 380 })];
    const current = kw({ regular: 400, halfPeak: 50, offPeak: 100 });
    const best = cheapestCombination(periods, { types: THREE, minimumKw: 100, current })!;
    expect(capacities(best)).toEqual(kw({ regular: 420 }));
    expect(best.total).toBeCloseTo(420 * 223.6, 6);
  });

  it('a free Saturday kW that changes nothing is not proposed (tie: fewer other kW)', () => {
    // Up to 150 Saturday kW would be free beside 300 regular, and cost the same: none is proposed.
    const best = search([july({ peak: 300, saturdayHalfPeak: 250 })])!;
    expect(capacities(best)).toEqual(kw({ regular: 300 }));
    const free = combinationCost(
      [july({ peak: 300, saturdayHalfPeak: 250 })],
      kw({ regular: 300, saturdayHalfPeak: 100 }),
    )!;
    expect(free.total).toBeCloseTo(best.total, 9);
    expect(better(best, free)).toBe(true);
  });

  it('a summer spike is cheaper paid as a penalty; the month is reported', () => {
    // Eleven months at 400 kW peak, July at 600: as the regular-only advisor, 400 kW and July's
    // 200 kW over (40 at 2×, 160 at 3× of 223.6 = 125,216); no other type covers peak hours.
    const months = ['01', '02', '03', '04', '05', '06', '08', '09', '10', '11', '12'];
    const periods = [
      ...months.map((m) => advisorMonth(DEFAULT_TARIFF, `2026-${m}`, { ...NO_MAXIMA, peak: 400 })),
      july({ peak: 600 }),
    ];
    const best = search(periods)!;
    expect(capacities(best)).toEqual(kw({ regular: 400 }));
    expect(best.penalised).toEqual([
      { from: '2026-07-01', to: '2026-07-31', peakKw: 600, penalty: expect.closeTo(125_216, 6) },
    ]);
  });

  it('two-stage: non-summer kW cover non-summer peaks, half-peak is never proposed', () => {
    // July peak 300, December peak 500. Regular 300 (223.6 in July, 166.9 in December) and 200
    // non-summer kW, charged in December only at 166.9: 67,080 + 50,070 + 33,380 = 150,530.
    // Regular 500 would cost 500 × (223.6 + 166.9) = 195,250.
    const periods = [july({ peak: 300 }, HV2), december({ peak: 500 }, HV2)];
    const current = kw({ regular: 500, halfPeak: 100 });
    const best = cheapestCombination(periods, { types: TWO, minimumKw: 100, current })!;
    expect(capacities(best)).toEqual(kw({ regular: 300, nonSummer: 200 }));
    expect(best.total).toBeCloseTo(150_530, 6);
  });

  it('a tariff without contract-type rates: the cheapest regular, the others 0', () => {
    const legacy = { ...DEFAULT_TARIFF, contractBasicRates: null };
    const periods = [july({ peak: 300, halfPeak: 500 }, legacy)];
    const best = cheapestCombination(periods, {
      types: ['regular'],
      minimumKw: 100,
      current: kw({ regular: 400, halfPeak: 100 }),
    })!;
    // The single-rate rule holds the month's highest block (500) against regular only.
    expect(capacities(best)).toEqual(kw({ regular: 500 }));
  });
});
