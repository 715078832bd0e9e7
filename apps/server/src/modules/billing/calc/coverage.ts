import type { TreeNode } from '../../factory/index.ts';

/** Each node's parent, where the parent is in the list (a missing parent makes a top-level node). */
function parents(nodes: readonly TreeNode[]): Map<number, number | null> {
  const ids = new Set(nodes.map((node) => node.id));
  return new Map(
    nodes.map((node) => [
      node.id,
      node.parentId !== null && ids.has(node.parentId) ? node.parentId : null,
    ]),
  );
}

/** The node's ancestors, nearest first; a cycle in bad data stops the walk. */
function ancestorsOf(parentOf: Map<number, number | null>, id: number): number[] {
  const seen = new Set<number>([id]);
  const result: number[] = [];
  for (let p = parentOf.get(id) ?? null; p !== null && !seen.has(p); p = parentOf.get(p) ?? null) {
    seen.add(p);
    result.push(p);
  }
  return result;
}

/**
 * Whether `nodeId` lies above or below one of `pointIds` (itself excluded):
 * both would then bill the same energy. Billing points must be disjoint
 * subtrees so the factory's bill can be their sum.
 */
export function nestsWithPoint(
  nodes: readonly TreeNode[],
  pointIds: readonly number[],
  nodeId: number,
): boolean {
  const parentOf = parents(nodes);
  const others = new Set(pointIds.filter((id) => id !== nodeId));
  if (ancestorsOf(parentOf, nodeId).some((id) => others.has(id))) return true;
  return [...others].some((id) => ancestorsOf(parentOf, id).includes(nodeId));
}

/**
 * Of `pointIds` in order, those that nest with none kept before them: a point
 * saved as disjoint can end up above or below another when the tree is
 * rearranged, and then only the earlier one bills the shared energy.
 */
export function disjointPoints(nodes: readonly TreeNode[], pointIds: readonly number[]): number[] {
  const kept: number[] = [];
  for (const id of pointIds) {
    if (!nestsWithPoint(nodes, kept, id)) kept.push(id);
  }
  return kept;
}

/**
 * Top-level nodes with no billing point on or under them: their energy is on
 * no bill, which Admin warns about.
 */
export function uncoveredTopLevel(
  nodes: readonly TreeNode[],
  pointIds: readonly number[],
): TreeNode[] {
  const parentOf = parents(nodes);
  const covered = new Set<number>();
  for (const id of pointIds) {
    if (!parentOf.has(id)) continue;
    const chain = [id, ...ancestorsOf(parentOf, id)];
    covered.add(chain[chain.length - 1]!);
  }
  return nodes.filter((node) => parentOf.get(node.id) === null && !covered.has(node.id));
}

/**
 * Which of `pointIds` bills each node: the node itself or its nearest ancestor
 * among them; null for a node on no point (a top-level node in none, or one
 * above a point). The node's cost follows that point's tariff (decision 0065).
 */
export function pointLookup(
  nodes: readonly TreeNode[],
  pointIds: readonly number[],
): (nodeId: number) => number | null {
  const parentOf = parents(nodes);
  const points = new Set(pointIds);
  return (nodeId) => {
    if (points.has(nodeId)) return nodeId;
    return ancestorsOf(parentOf, nodeId).find((id) => points.has(id)) ?? null;
  };
}
