import type { EnergyTotals } from '../../rollups/index.ts';

type WithCo2 = EnergyTotals & { co2: number };

const higher = (a: number | null, b: number | null) =>
  a === null ? b : b === null ? a : Math.max(a, b);

/**
 * Per-node totals of consecutive parts of a range (one per local year), each
 * with its year's factor, as one: energy and CO2 add up, kvarh is known only
 * when every part has it, the highest demand is the highest of the parts.
 */
export function combineTotals(
  parts: readonly { rate: number; totals: ReadonlyMap<number, EnergyTotals> }[],
): Map<number, WithCo2> {
  const combined = new Map<number, WithCo2>();
  for (const { rate, totals } of parts) {
    for (const [nodeId, part] of totals) {
      const co2 = (part.forward - part.reverse) * rate;
      const sum = combined.get(nodeId);
      if (sum === undefined) {
        // A part without any bucket of the node adds nothing, as a gap inside
        // one energyTotals query does.
        combined.set(nodeId, { ...part, co2 });
        continue;
      }
      sum.forward += part.forward;
      sum.reverse += part.reverse;
      sum.kvarhLagging =
        sum.kvarhLagging === null || part.kvarhLagging === null
          ? null
          : sum.kvarhLagging + part.kvarhLagging;
      sum.maxDemandKw = higher(sum.maxDemandKw, part.maxDemandKw);
      sum.co2 += co2;
    }
  }
  return combined;
}
