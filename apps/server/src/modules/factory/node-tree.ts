function bySortOrderThenId(a: TreeNode, b: TreeNode): number {
  return a.sortOrder - b.sortOrder || a.id - b.id;
}

/** A monitoring point as stored. */
export interface TreeNode {
  id: number;
  parentId: number | null;
  type: string;
  chName: string;
  name: string;
  sortOrder: number;
}

/**
 * The factory root: the first top-level node in channel-list order, or null
 * for an empty tree. It is the Overview's root and the main billing point.
 */
export function factoryRoot(nodes: readonly TreeNode[]): TreeNode | null {
  const ids = new Set(nodes.map((node) => node.id));
  const tops = nodes.filter((node) => node.parentId === null || !ids.has(node.parentId));
  return [...tops].sort(bySortOrderThenId)[0] ?? null;
}

export interface ChannelListItem {
  id: number;
  chName: string;
  name: string;
  type: string;
  isVirtual: boolean;
}

/**
 * The node tree flattened depth-first, each parent before its children and
 * siblings by sort order then id, so the list is stable between calls.
 * A node whose parent is missing is treated as a root rather than lost.
 */
export function flattenNodeTree(nodes: readonly TreeNode[]): ChannelListItem[] {
  const ids = new Set(nodes.map((node) => node.id));
  const children = new Map<number | null, TreeNode[]>();
  for (const node of nodes) {
    const parent = node.parentId !== null && ids.has(node.parentId) ? node.parentId : null;
    const siblings = children.get(parent) ?? [];
    siblings.push(node);
    children.set(parent, siblings);
  }
  for (const siblings of children.values()) siblings.sort(bySortOrderThenId);

  const result: ChannelListItem[] = [];
  const visited = new Set<number>();
  const visit = (node: TreeNode): void => {
    if (visited.has(node.id)) return; // a cycle in bad data must not loop forever
    visited.add(node.id);
    result.push({
      id: node.id,
      chName: node.chName,
      name: node.name,
      type: node.type,
      isVirtual: node.type === 'virtual',
    });
    for (const child of children.get(node.id) ?? []) visit(child);
  };
  for (const root of children.get(null) ?? []) visit(root);
  return result;
}
