import type { AdminNode, NodeType } from '@wattboard/contract';

export interface TreeRow {
  node: AdminNode;
  depth: number;
}

const byOrder = (a: AdminNode, b: AdminNode) => a.sortOrder - b.sortOrder || a.id - b.id;

/**
 * The tree flattened depth-first for display: top-level nodes first, each
 * followed by its children by sortOrder then id. Retired nodes are left out
 * unless asked for (with their subtrees). A node whose parent is missing from
 * the list shows at the top rather than vanishing.
 */
export function treeRows(nodes: readonly AdminNode[], { withRetired = false } = {}): TreeRow[] {
  const shown = nodes.filter((n) => withRetired || n.retiredAt === null);
  const ids = new Set(shown.map((n) => n.id));
  const children = new Map<number | null, AdminNode[]>();
  for (const node of shown) {
    const parent = node.parentId !== null && ids.has(node.parentId) ? node.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), node]);
  }
  const rows: TreeRow[] = [];
  const visit = (parent: number | null, depth: number) => {
    for (const node of [...(children.get(parent) ?? [])].sort(byOrder)) {
      rows.push({ node, depth });
      visit(node.id, depth + 1);
    }
  };
  visit(null, 0);
  return rows;
}

/** The ids of a node and everything beneath it. */
export function subtreeIds(nodes: readonly AdminNode[], rootId: number): Set<number> {
  const found = new Set([rootId]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const node of nodes) {
      if (node.parentId !== null && found.has(node.parentId) && !found.has(node.id)) {
        found.add(node.id);
        grew = true;
      }
    }
  }
  return found;
}

/** The contract's placement rule: which parent types (null = the top) hold a node type. */
export function canHold(parentType: NodeType | null, childType: NodeType): boolean {
  if (childType === 'circuit') return parentType === 'smartMeter';
  return parentType === null || parentType === 'virtual';
}

/**
 * Where a node of `type` may go: the top (null) when allowed, then every
 * active node that may hold it, in tree order. Moving a node excludes itself
 * and its subtree (no cycles).
 */
export function parentChoices(
  nodes: readonly AdminNode[],
  type: NodeType,
  movingId?: number,
): (AdminNode | null)[] {
  const excluded = movingId === undefined ? new Set<number>() : subtreeIds(nodes, movingId);
  const choices: (AdminNode | null)[] = canHold(null, type) ? [null] : [];
  for (const { node } of treeRows(nodes)) {
    if (!excluded.has(node.id) && canHold(node.type, type)) choices.push(node);
  }
  return choices;
}

/** The measured nodes a virtual node sums: meters and circuits anywhere beneath it. */
export function virtualMembers(nodes: readonly AdminNode[], virtualId: number): AdminNode[] {
  const beneath = subtreeIds(nodes, virtualId);
  return nodes.filter(
    (n) => n.id !== virtualId && beneath.has(n.id) && n.type !== 'virtual' && n.retiredAt === null,
  );
}
