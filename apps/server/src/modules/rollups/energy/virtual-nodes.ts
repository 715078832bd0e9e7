/**
 * Virtual nodes have no readings: each is the sum of its children.
 * A child that is itself virtual is in turn a sum, so a virtual node equals the
 * sum of the measured nodes reached through virtual nodes only. A smart meter
 * is measured in its own right: it is a member, its circuits are not.
 */
export interface NodeLink {
  id: number;
  parentId: number | null;
  type: string;
}

const isVirtual = (node: NodeLink | undefined) => node?.type === 'virtual';

/** For every virtual node, the measured nodes whose sum it is (sorted ids). */
export function virtualMembers(nodes: readonly NodeLink[]): Map<number, number[]> {
  const children = new Map<number, NodeLink[]>();
  for (const node of nodes) {
    if (node.parentId === null) continue;
    const siblings = children.get(node.parentId) ?? [];
    siblings.push(node);
    children.set(node.parentId, siblings);
  }
  const result = new Map<number, number[]>();
  for (const root of nodes.filter(isVirtual)) {
    const members: number[] = [];
    const seen = new Set<number>([root.id]); // bad data with a cycle must not loop
    const stack = [...(children.get(root.id) ?? [])];
    for (let node = stack.pop(); node; node = stack.pop()) {
      if (seen.has(node.id)) continue;
      seen.add(node.id);
      if (isVirtual(node)) stack.push(...(children.get(node.id) ?? []));
      else members.push(node.id);
    }
    result.set(
      root.id,
      members.sort((a, b) => a - b),
    );
  }
  return result;
}

/**
 * The virtual nodes whose value changes when this node's value changes: its
 * parent while that is virtual, then that parent's parent, and so on. The chain
 * stops at a measured node, whose value does not depend on its children.
 */
export function virtualAncestors(nodeId: number, nodes: readonly NodeLink[]): number[] {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const result: number[] = [];
  const seen = new Set<number>([nodeId]);
  let parentId = byId.get(nodeId)?.parentId ?? null;
  while (parentId !== null && !seen.has(parentId)) {
    const parent = byId.get(parentId);
    if (!isVirtual(parent)) break;
    result.push(parentId);
    seen.add(parentId);
    parentId = parent?.parentId ?? null;
  }
  return result;
}
