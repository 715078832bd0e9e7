import type { TreeNode } from '../../factory/index.ts';
import { roundMeasure } from '../../monitor/index.ts';

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

export interface NamedNode {
  id: number;
  chName: string;
  name: string;
}

/** Net energy and CO2 with the node's names, rounded for the wire. */
export function channelEnergy(node: NamedNode, energy: Energy | undefined, co2Factor: number) {
  const kwh = (energy?.forward ?? 0) - (energy?.reverse ?? 0);
  return {
    id: node.id,
    chName: node.chName,
    name: node.name,
    kwh: roundMeasure(kwh),
    co2: roundMeasure(kwh * co2Factor),
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
  rootKwh: number | null,
  itemKwh: readonly number[],
  co2Factor: number,
): { kwh: number; co2: number } | null {
  if (rootKwh === null) return null;
  const rest = rootKwh - itemKwh.reduce((sum, kwh) => sum + kwh, 0);
  if (Math.abs(rest) < REMAINDER_TOLERANCE_KWH) return null;
  return { kwh: roundMeasure(rest), co2: roundMeasure(rest * co2Factor) };
}

export interface DayEnergy {
  date: string;
  byNode: ReadonlyMap<number, Energy>;
}

/** One bar per local day: each channel's net kWh and CO2 and their total. */
export function barChartList(
  days: readonly DayEnergy[],
  channels: readonly NamedNode[],
  co2Factor: number,
) {
  return days.map((day) => {
    const entries = channels.map((node) => channelEnergy(node, day.byNode.get(node.id), co2Factor));
    const kwh = channels.reduce((sum, node) => {
      const energy = day.byNode.get(node.id);
      return sum + (energy?.forward ?? 0) - (energy?.reverse ?? 0);
    }, 0);
    return {
      date: day.date,
      total: { kwh: roundMeasure(kwh), co2: roundMeasure(kwh * co2Factor) },
      channels: entries,
    };
  });
}
