/**
 * Where a monitoring point may sit, and what a move changes (issue #13). Pure.
 * A smart meter sits at the top or under a virtual node; a circuit under a
 * smart meter (its readings come through that meter); a virtual node at the top
 * or under a virtual node.
 */
import { virtualAncestors, type NodeLink } from '../rollups/index.ts';

export type NodeKind = 'smartMeter' | 'circuit' | 'virtual';

export function canHold(parent: NodeKind | null, child: NodeKind): boolean {
  if (child === 'circuit') return parent === 'smartMeter';
  return parent === null || parent === 'virtual';
}

/** Would putting `nodeId` under `parentId` make a loop (itself or one of its descendants)? */
export function wouldCycle(
  nodes: readonly NodeLink[],
  nodeId: number,
  parentId: number | null,
): boolean {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const seen = new Set<number>();
  for (let at = parentId; at !== null; at = byId.get(at)?.parentId ?? null) {
    if (at === nodeId) return true;
    if (seen.has(at)) return true; // bad data: a loop already
    seen.add(at);
  }
  return false;
}

/** The tree after moving `nodeId` under `parentId`. */
export function movedTree(
  nodes: readonly NodeLink[],
  nodeId: number,
  parentId: number | null,
): NodeLink[] {
  return nodes.map((node) => (node.id === nodeId ? { ...node, parentId } : node));
}

/**
 * The virtual nodes whose sums a move changes: the virtual ancestors before
 * and after (a virtual node's own sums do not change when it moves, but its
 * old and new ancestors' do). Sorted, without duplicates.
 */
export function virtualsChangedByMove(
  before: readonly NodeLink[],
  nodeId: number,
  parentId: number | null,
): number[] {
  const after = movedTree(before, nodeId, parentId);
  const changed = new Set([
    ...virtualAncestors(nodeId, before),
    ...virtualAncestors(nodeId, after),
  ]);
  // Ancestors on both sides above the common part still change only if the
  // node's members left or joined them: a virtual ancestor of both keeps its sum.
  const bothSides = virtualAncestors(nodeId, before).filter((id) =>
    virtualAncestors(nodeId, after).includes(id),
  );
  for (const id of bothSides) changed.delete(id);
  return [...changed].sort((a, b) => a - b);
}
