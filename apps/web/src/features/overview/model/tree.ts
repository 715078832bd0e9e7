import type { DetectLineNode } from '@wattboard/contract';
import { inAppHref } from '@/lib/in-app-link';
import { DEFAULT_RESOLUTION } from '@/lib/page-params';

/**
 * The Monitoring Point page of a node for the factory's today, with the
 * sidebar's parameters; in dev mode it carries is_dev=1 like
 * every in-app link (lib/in-app-link).
 */
export function monitoringPointHref(nodeId: number, today: string, devMode = false): string {
  return inAppHref(
    '/dashboard/monitoring-point',
    { deviceId: nodeId, startDate: today, endDate: today, resolution: DEFAULT_RESOLUTION },
    devMode,
  );
}

/** A stable key for a node: its id, else its position (path of child indexes). */
export function nodeKey(node: DetectLineNode, path: readonly number[]): string {
  return node.id === undefined ? `p${path.join('.')}` : `n${node.id}`;
}

/** Keys of the nodes shown open at first: the top `depth` levels (root and its children). */
export function initiallyOpen(nodes: readonly DetectLineNode[], depth = 1): Set<string> {
  const open = new Set<string>();
  const walk = (list: readonly DetectLineNode[], path: readonly number[], level: number) => {
    list.forEach((node, index) => {
      const here = [...path, index];
      if (level < depth && node.children.length > 0) {
        open.add(nodeKey(node, here));
        walk(node.children, here, level + 1);
      }
    });
  };
  walk(nodes, [], 0);
  return open;
}

/** Number of nodes in the tree. */
export function countNodes(nodes: readonly DetectLineNode[]): number {
  return nodes.reduce((total, node) => total + 1 + countNodes(node.children), 0);
}

export interface ChannelOption {
  id: number;
  chName: string;
  name: string;
  depth: number;
}

/** Every node with an id, depth first, with its depth (for an indented channel select). */
export function flattenTree(nodes: readonly DetectLineNode[], depth = 0): ChannelOption[] {
  return nodes.flatMap((node) => [
    ...(node.id === undefined
      ? []
      : [{ id: node.id, chName: node.chName, name: node.name, depth }]),
    ...flattenTree(node.children, depth + 1),
  ]);
}

/** The comparison's first choice: the root's children (what the server compares for an empty list). */
export function rootChildrenIds(nodes: readonly DetectLineNode[]): number[] {
  const root = nodes[0];
  if (!root) return [];
  return root.children.flatMap((child) => (child.id === undefined ? [] : [child.id]));
}
