import type { ContractPricing } from './capacity-advisor.ts';
import {
  DEMAND_PERIODS,
  type ContractCapacities,
  type ContractType,
  type DemandPeriod,
} from './contract-capacity.ts';
import { stageMaxima, type PointContract } from './period-demand.ts';

/**
 * The lines the combination advisor searches along, and the points on a line
 * where a period's charge can change slope (issue #24, decision 0067).
 */

/** kW added to each type per step along a line: +1, −1 or 0. */
export type Direction = Partial<Record<ContractType, 1 | -1>>;

/**
 * Every type alone, and every pair moved against each other (+1 on one, −1 on
 * the other): a pair move shifts kW from the periods one type covers to those
 * the other covers without changing the rest, a step no single type can make
 * without first getting dearer (e.g. regular down and half-peak up by as much
 * when only the half-peak hours run high).
 */
export function directions(types: readonly ContractType[]): Direction[] {
  const result: Direction[] = types.map((type) => ({ [type]: 1 }));
  for (const up of types) {
    for (const down of types) if (up !== down) result.push({ [up]: 1, [down]: -1 });
  }
  return result;
}

/** The capacities `x` steps along `direction` from `from`. */
export function along(
  from: ContractCapacities,
  direction: Direction,
  x: number,
): ContractCapacities {
  const next = { ...from };
  for (const [type, step] of Object.entries(direction) as [ContractType, number][]) {
    next[type] += step * x;
  }
  return next;
}

export function asContract(c: ContractCapacities): PointContract {
  return {
    regularKw: c.regular,
    others: {
      halfPeak: c.halfPeak,
      nonSummer: c.nonSummer,
      saturdayHalfPeak: c.saturdayHalfPeak,
      offPeak: c.offPeak,
    },
  };
}

/** a + b·x */
interface Linear {
  a: number;
  b: number;
}

/**
 * The steps x along `direction` from `from` where the period's charge can
 * change slope. Every usable capacity is linear in x (a sum of types), so each
 * period's own excess e = m − capacity and its 10 % tier limit f × capacity are
 * too; the charge bends where an excess ends (e = 0), where the 3× tier starts
 * (e = f × capacity), where an earlier period's excess overtakes it (e = e′,
 * the no-double-counting rule) or leaves a remainder at the tier
 * (e − e′ = f × capacity), and where Saturday and off-peak kW stop being
 * covered by half the weekday contract (monthBasicCharge). A superset is
 * harmless: each point is only priced.
 */
export function lineBreakpoints(
  pricing: ContractPricing,
  from: ContractCapacities,
  direction: Direction,
  fraction: number,
): number[] {
  // Slopes from a neighbour one step away on whichever side has no negative kW.
  const side = [1, -1].find((x) => Object.values(along(from, direction, x)).every((v) => v >= 0));
  if (side === undefined) return [];
  const u0 = pricing.usable(asContract(from));
  const us = pricing.usable(asContract(along(from, direction, side)));
  // A two-stage tariff has no half-peak period: its maximum counts as peak there.
  const maxima = stageMaxima(u0.halfPeak === null ? 'twoStage' : 'threeStage', pricing.maxima);
  const own: { excess: Linear; capacity: Linear }[] = [];
  for (const period of DEMAND_PERIODS as DemandPeriod[]) {
    const m = maxima[period];
    const c0 = u0[period];
    const cs = us[period];
    if (m === null || c0 === null || cs === null) continue;
    const slope = (cs - c0) / side;
    own.push({ excess: { a: m - c0, b: -slope }, capacity: { a: c0, b: slope } });
  }
  const zeros: Linear[] = [];
  const minus = (p: Linear, q: Linear, k = 1) => ({ a: p.a - k * q.a, b: p.b - k * q.b });
  own.forEach(({ excess, capacity }, i) => {
    zeros.push(excess, minus(excess, capacity, fraction));
    for (const earlier of own.slice(0, i)) {
      const left = minus(excess, earlier.excess);
      zeros.push(left, minus(left, capacity, fraction));
    }
  });
  const weekend = (c: ContractCapacities) =>
    c.saturdayHalfPeak + c.offPeak - (c.regular + c.halfPeak + c.nonSummer) * 0.5;
  const w0 = weekend(from);
  zeros.push({ a: w0, b: (weekend(along(from, direction, side)) - w0) / side });
  return zeros.filter((z) => z.b !== 0).map((z) => -z.a / z.b);
}
