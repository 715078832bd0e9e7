import type { TreeNode } from '../../factory/index.ts';

/**
 * The points the finder judges: measured points with no active point under
 * them. A parent's or a virtual point's load is the sum of points below or
 * beside it, so judging it too listed the same running compressor two or
 * three times (meter, area, incoming supply) and ranked the sums first.
 */
export function leafPoints(nodes: readonly TreeNode[]): TreeNode[] {
  const parents = new Set(nodes.flatMap((node) => (node.parentId === null ? [] : [node.parentId])));
  return nodes.filter((node) => node.type !== 'virtual' && !parents.has(node.id));
}
