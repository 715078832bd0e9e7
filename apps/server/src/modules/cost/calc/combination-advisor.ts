import type { OtherContracts, TariffDefinition } from '@wattboard/contract';
import { cheapestCapacity, type AdvisorPeriod, type CapacityCost } from './capacity-advisor.ts';
import {
  along,
  asContract,
  directions,
  lineBreakpoints,
  type Direction,
} from './combination-line.ts';
import type { ContractCapacities, ContractType } from './contract-capacity.ts';

/**
 * The cheapest combination of every contract type a tariff prices (issue #24,
 * decision 0067): regular, half-peak or non-summer, Saturday half-peak and
 * off-peak kW that would have cost least in basic charge plus over-contract
 * charge over the advisor's periods, each priced by period-demand.ts as the
 * bill prices it.
 */

/** What a whole contract would have cost over the periods; capacityKw is its regular kW. */
export interface CombinationCost extends CapacityCost {
  others: OtherContracts;
}

const NONE: ContractCapacities = {
  regular: 0,
  halfPeak: 0,
  nonSummer: 0,
  saturdayHalfPeak: 0,
  offPeak: 0,
};

/**
 * The types the advisor may propose under a tariff version: regular always;
 * the others only where the version's stages have them and both seasons print
 * a rate (a "—" season would make the bill fall back to the single-rate rule,
 * which charges them nothing). Regular only without contract-type rates.
 */
export function advisableTypes(definition: TariffDefinition): ContractType[] {
  const rates = definition.contractBasicRates;
  if (rates === null) return ['regular'];
  const priced = (type: keyof OtherContracts) =>
    rates.summer[type] !== null && rates.nonSummer[type] !== null;
  const types: ContractType[] = ['regular'];
  if (definition.stages === 'threeStage' && priced('halfPeak')) types.push('halfPeak');
  // Non-summer kW are charged in non-summer only; summer prints "—" for them.
  if (definition.stages === 'twoStage' && rates.nonSummer.nonSummer !== null) {
    types.push('nonSummer');
  }
  if (priced('saturdayHalfPeak') && priced('offPeak')) types.push('saturdayHalfPeak', 'offPeak');
  return types;
}

/** The contract's cost over the periods; null when a period's rules cannot price it. */
export function combinationCost(
  periods: readonly AdvisorPeriod[],
  capacities: ContractCapacities,
): CombinationCost | null {
  const contract = asContract(capacities);
  let basicCharge = 0;
  let penalty = 0;
  const penalised: CapacityCost['penalised'] = [];
  for (const period of periods) {
    const priced = period.contract?.price(contract);
    if (!priced) return null;
    basicCharge += priced.basicCharge;
    if (period.peakKw === null || priced.penalty <= 0) continue;
    penalty += priced.penalty;
    penalised.push({
      from: period.from,
      to: period.to,
      peakKw: period.peakKw,
      penalty: priced.penalty,
    });
  }
  return {
    capacityKw: capacities.regular,
    others: contract.others,
    basicCharge,
    penalty,
    total: basicCharge + penalty,
    penalised,
  };
}

/**
 * Orders two costs: the cheaper (to a hundredth of a cent, so sums added in
 * another order tie), then the fewer kW of the other types (buy none that saves
 * nothing), then the more kW in the types covering more hours for the same
 * money: regular (as cheapestCapacity), half-peak or non-summer, then Saturday
 * half-peak over off-peak (one rate; Saturday kW also cover the nights).
 */
export function better(a: CombinationCost, b: CombinationCost): boolean {
  const money = (c: CombinationCost) => Math.round(c.total * 10_000);
  if (money(a) !== money(b)) return money(a) < money(b);
  const key = (c: CombinationCost) => [
    -Object.values(c.others).reduce((sum, kw) => sum + kw, 0),
    c.capacityKw,
    c.others.halfPeak + c.others.nonSummer,
    c.others.saturdayHalfPeak,
  ];
  const [ka, kb] = [key(a), key(b)];
  const i = ka.findIndex((value, j) => value !== kb[j]);
  return i >= 0 && ka[i]! > kb[i]!;
}

const capacitiesOf = (c: CombinationCost): ContractCapacities => ({
  regular: c.capacityKw,
  ...c.others,
});

/** The best whole-kW point on the line through `here`, or `here` when none is better. */
function lineMinimum(
  periods: readonly AdvisorPeriod[],
  price: (capacities: ContractCapacities) => CombinationCost | null,
  here: CombinationCost,
  direction: Direction,
  minimumKw: number,
): CombinationCost {
  const from = capacitiesOf(here);
  // Each type stays at 0 or more, regular at the minimum or more.
  let lo = -Infinity;
  let hi = Infinity;
  for (const [type, step] of Object.entries(direction) as [ContractType, number][]) {
    const room = from[type] - (type === 'regular' ? minimumKw : 0);
    if (step > 0) lo = Math.max(lo, -room);
    else hi = Math.min(hi, room);
  }
  const steps = new Set<number>();
  for (const bound of [lo, hi]) if (Number.isFinite(bound)) steps.add(bound);
  for (const period of periods) {
    const fraction = period.terms.penaltyTierFraction;
    for (const x of lineBreakpoints(period.contract!, from, direction, fraction)) {
      for (const whole of [Math.floor(x), Math.ceil(x)]) {
        if (whole >= lo && whole <= hi && whole !== 0) steps.add(whole);
      }
    }
  }
  let best = here;
  for (const x of steps) {
    const cost = price(along(from, direction, x));
    if (cost && better(cost, best)) best = cost;
  }
  return best;
}

/**
 * The whole-kW combination of `types`, regular at least `minimumKw`, that would
 * have cost least over `periods`; null without any peak. The cost is piecewise
 * linear in the capacities, so along any line its minimum is at a point where
 * a period's charge bends (lineBreakpoints). From each start the search moves
 * to the best point along each type and each pair of types, in turn, until
 * none of them improves (at most `rounds` passes), and keeps the best end. Starts: the
 * current contract, and the cheapest regular contract with the point's other
 * types and without them. Where a period has no contract-type rates, the
 * single-rate rule charges regular kW only: the answer is the cheapest regular.
 */
export function cheapestCombination(
  periods: readonly AdvisorPeriod[],
  options: {
    types: readonly ContractType[];
    minimumKw: number;
    current: ContractCapacities | null;
    rounds?: number;
  },
): CombinationCost | null {
  const regular = cheapestCapacity(periods, options.minimumKw);
  if (!regular) return null;
  if (periods.some((p) => !p.contract)) return { ...regular, others: asContract(NONE).others };
  const allowed = (c: ContractCapacities): ContractCapacities => {
    const kept = { ...NONE };
    for (const type of options.types) kept[type] = Math.max(0, Math.round(c[type]));
    kept.regular = Math.max(Math.ceil(options.minimumKw), kept.regular);
    return kept;
  };
  const starts = [
    options.current,
    options.current && { ...options.current, regular: regular.capacityKw },
    { ...NONE, regular: regular.capacityKw },
  ];
  const lines = directions(options.types);
  // Lines through one point cross: a combination is priced once per call.
  const priced = new Map<string, CombinationCost | null>();
  const price = (c: ContractCapacities) => {
    const key = `${c.regular},${c.halfPeak},${c.nonSummer},${c.saturdayHalfPeak},${c.offPeak}`;
    if (!priced.has(key)) priced.set(key, combinationCost(periods, c));
    return priced.get(key)!;
  };
  const limit = (options.rounds ?? 50) * lines.length;
  let best: CombinationCost | null = null;
  for (const start of starts) {
    if (!start) continue;
    let here = price(allowed(start));
    if (!here) continue;
    // Stop once every line in turn has left the point where it is.
    for (let i = 0, still = 0; still < lines.length && i < limit; i++) {
      const next = lineMinimum(periods, price, here, lines[i % lines.length]!, options.minimumKw);
      [here, still] = next === here ? [here, still + 1] : [next, 1];
    }
    if (!best || better(here, best)) best = here;
  }
  return best;
}
