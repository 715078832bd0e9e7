import { detectLineNode } from '@wattboard/contract';
import type { DetectLineNode } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import {
  countNodes,
  flattenTree,
  initiallyOpen,
  monitoringPointHref,
  nodeKey,
  rootChildrenIds,
} from './tree';

const node = (id: number | undefined, name: string, children: DetectLineNode[] = []) =>
  detectLineNode.parse({ id, chName: `中${name}`, name, type: 'virtual', children });

const tree = [
  node(1, 'Root', [
    node(2, 'Production', [node(4, 'Meter', [node(5, 'Circuit')])]),
    node(3, 'Office'),
    node(undefined, 'Unnamed'),
  ]),
];

describe('monitoringPointHref', () => {
  it("opens the node for the factory's today at the default resolution", () => {
    expect(monitoringPointHref(9, '2026-11-21')).toBe(
      '/dashboard/monitoring-point?deviceId=9&startDate=2026-11-21&endDate=2026-11-21&resolution=5',
    );
  });

  it('carries is_dev=1 in dev mode only', () => {
    expect(monitoringPointHref(9, '2026-11-21', true)).toMatch(/&resolution=5&is_dev=1$/);
    expect(monitoringPointHref(9, '2026-11-21', false)).not.toContain('is_dev');
  });
});

describe('tree helpers', () => {
  it('opens the root and nothing deeper at first', () => {
    expect([...initiallyOpen(tree)]).toEqual(['n1']);
    expect([...initiallyOpen(tree, 2)]).toEqual(['n1', 'n2']);
  });

  it('keys nodes without an id by their position', () => {
    expect(nodeKey(tree[0]!.children[2]!, [0, 2])).toBe('p0.2');
  });

  it('counts and flattens the nodes that have ids, with their depth', () => {
    expect(countNodes(tree)).toBe(6);
    expect(flattenTree(tree).map((option) => [option.id, option.depth])).toEqual([
      [1, 0],
      [2, 1],
      [4, 2],
      [5, 3],
      [3, 1],
    ]);
  });

  it("starts the comparison with the root's children", () => {
    expect(rootChildrenIds(tree)).toEqual([2, 3]);
    expect(rootChildrenIds([])).toEqual([]);
  });
});
