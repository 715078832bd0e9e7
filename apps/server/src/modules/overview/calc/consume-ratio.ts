import type { TreeNode } from '../../factory/index.ts';
import { roundMeasure } from '../../monitor/index.ts';
import type { Co2Rates } from '../../carbon/index.ts';

/**
 * The pie's root for the chosen channels: the deepest node that is an
 * ancestor of every one of them (their common parent when they are
 * siblings), else the factory root; null when there is neither.
 */
export function commonAncestor(
  nodes: readonly TreeNode[],
  chosen: readonly number[],
  factoryRootId: number | null,
): number | null {
  const parentOf = new Map(nodes.map((node) => [node.id, node.parentId]));
  const ancestors = (id: number): number[] => {
    const chain: number[] = [];
    const seen = new Set<number>([id]);
    for (let at = parentOf.get(id) ?? null; at !== null && !seen.has(at);) {
      chain.push(at);
      seen.add(at);
      at = parentOf.get(at) ?? null;
    }
    return chain; // nearest first
  };
  if (chosen.length === 0) return factoryRootId;
  const [first, ...rest] = chosen.map(ancestors);
  const shared = first!.find((id) => rest.every((chain) => chain.includes(id)));
  return shared ?? factoryRootId;
}

export interface Energy {
  forward: number;
  reverse: number;
}

/** Net energy and its CO2 (kg), each day's part at its own year's factor. */
export interface NetWithCo2 {
  kwh: number;
  co2: number;
}

/** A day's or a range's energy of a node as net kWh with CO2 at `rate` kg/kWh. */
export const netWithCo2 = (energy: Energy | undefined, rate: number): NetWithCo2 => {
  const kwh = (energy?.forward ?? 0) - (energy?.reverse ?? 0);
  return { kwh, co2: kwh * rate };
};

export interface NamedNode {
  id: number;
  chName: string;
  name: string;
}

/** Net energy and CO2 with the node's names, rounded for the wire. */
export function channelEnergy(node: NamedNode, energy: NetWithCo2) {
  return {
    id: node.id,
    chName: node.chName,
    name: node.name,
    kwh: roundMeasure(energy.kwh),
    co2: roundMeasure(energy.co2),
  };
}

/** The smallest remainder shown: below it the items add up to the root. */
export const REMAINDER_TOLERANCE_KWH = 0.001;

/**
 * The pie's "unmetered / other" part: root − Σ items (net kWh) with its CO2,
 * or null when they agree within 0.001 kWh (or there is no root). Negative
 * when the chosen channels overlap (a parent and its child) or generate.
 */
export function pieRemainder(
  root: NetWithCo2 | null,
  items: readonly NetWithCo2[],
): { kwh: number; co2: number } | null {
  if (root === null) return null;
  const rest = root.kwh - items.reduce((sum, item) => sum + item.kwh, 0);
  if (Math.abs(rest) < REMAINDER_TOLERANCE_KWH) return null;
  const co2 = root.co2 - items.reduce((sum, item) => sum + item.co2, 0);
  return { kwh: roundMeasure(rest), co2: roundMeasure(co2) };
}

export interface DayEnergy {
  date: string;
  byNode: ReadonlyMap<number, Energy>;
}

/** One bar per local day: each channel's net kWh and CO2 (the day's year's factor) and their total. */
export function barChartList(
  days: readonly DayEnergy[],
  channels: readonly NamedNode[],
  co2Rates: Co2Rates,
) {
  return days.map((day) => {
    const rate = co2Rates.ofDate(day.date);
    const entries = channels.map((node) =>
      channelEnergy(node, netWithCo2(day.byNode.get(node.id), rate)),
    );
    const kwh = channels.reduce((sum, node) => sum + netWithCo2(day.byNode.get(node.id), 0).kwh, 0);
    return {
      date: day.date,
      total: { kwh: roundMeasure(kwh), co2: roundMeasure(kwh * rate) },
      channels: entries,
    };
  });
}

/** A node's energy over the days, each day's CO2 at its own year's factor. */
export function sumOverDays(
  days: readonly DayEnergy[],
  nodeId: number,
  co2Rates: Co2Rates,
): NetWithCo2 {
  return days.reduce(
    (acc, day) => {
      const part = netWithCo2(day.byNode.get(nodeId), co2Rates.ofDate(day.date));
      return { kwh: acc.kwh + part.kwh, co2: acc.co2 + part.co2 };
    },
    { kwh: 0, co2: 0 },
  );
}
