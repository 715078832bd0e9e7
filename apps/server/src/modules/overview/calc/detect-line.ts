import type { DetectLineNode } from '@wattboard/contract';
import type { TreeNode } from '../../factory/index.ts';

function bySortOrderThenId(a: TreeNode, b: TreeNode): number {
  return a.sortOrder - b.sortOrder || a.id - b.id;
}

/**
 * The detect line: the node tree nested, siblings in the channel list's order
 * (sort order, then id). A node whose parent is missing becomes a root rather
 * than being lost, and a cycle in bad data is cut instead of looping.
 */
export function buildDetectLine(nodes: readonly TreeNode[]): DetectLineNode[] {
  const ids = new Set(nodes.map((node) => node.id));
  const children = new Map<number | null, TreeNode[]>();
  for (const node of nodes) {
    const parent = node.parentId !== null && ids.has(node.parentId) ? node.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), node]);
  }
  for (const siblings of children.values()) siblings.sort(bySortOrderThenId);
  const visited = new Set<number>();
  const build = (node: TreeNode): DetectLineNode => {
    visited.add(node.id);
    return {
      id: node.id,
      chName: node.chName,
      name: node.name,
      type: node.type,
      isVirtual: node.type === 'virtual',
      children: (children.get(node.id) ?? []).filter((child) => !visited.has(child.id)).map(build),
    };
  };
  return (children.get(null) ?? []).map(build);
}

/** Ids of the nodes without children: the consumers the point ranking compares. */
export function leafIds(nodes: readonly TreeNode[]): number[] {
  const parents = new Set(nodes.flatMap((node) => (node.parentId === null ? [] : [node.parentId])));
  return nodes.filter((node) => !parents.has(node.id)).map((node) => node.id);
}
