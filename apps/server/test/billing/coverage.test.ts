import { describe, expect, it } from 'vitest';
import type { TreeNode } from '../../src/modules/factory/index.ts';
import {
  disjointPoints,
  nestsWithPoint,
  pointLookup,
  uncoveredTopLevel,
} from '../../src/modules/billing/calc/coverage.ts';

const n = (id: number, parentId: number | null): TreeNode => ({
  id,
  parentId,
  type: 'smartMeter',
  chName: `表${id}`,
  name: `M${id}`,
  sortOrder: id,
});

// 1 ─ 2 ─ 3        (main supply, a meter, a circuit)
// 4 ─ 5            (a second supply and its meter)
// 6                (a stray top-level meter)
// 7 → parent 99    (its parent is not in the list: treated as top-level)
const tree = [n(1, null), n(2, 1), n(3, 2), n(4, null), n(5, 4), n(6, null), n(7, 99)];

describe('nestsWithPoint', () => {
  it('refuses a point under or above another point', () => {
    expect(nestsWithPoint(tree, [1], 3)).toBe(true);
    expect(nestsWithPoint(tree, [5], 4)).toBe(true);
    expect(nestsWithPoint(tree, [1, 5], 4)).toBe(true);
  });
  it('accepts a point in its own subtree, and the point itself again', () => {
    expect(nestsWithPoint(tree, [1], 4)).toBe(false);
    expect(nestsWithPoint(tree, [1], 5)).toBe(false);
    expect(nestsWithPoint(tree, [1, 4], 4)).toBe(false);
    expect(nestsWithPoint(tree, [1], 7)).toBe(false);
  });
  it('does not loop on a cycle in bad data', () => {
    const cyclic = [n(1, 2), n(2, 1), n(3, null)];
    expect(nestsWithPoint(cyclic, [3], 1)).toBe(false);
    expect(nestsWithPoint(cyclic, [2], 1)).toBe(true);
  });
});

describe('disjointPoints', () => {
  it('keeps the earlier of two nested points', () => {
    expect(disjointPoints(tree, [1, 3, 4, 5, 6])).toEqual([1, 4, 6]);
    expect(disjointPoints(tree, [5, 4])).toEqual([5]);
  });
});

describe('uncoveredTopLevel', () => {
  it('names the top-level nodes with no point on or under them', () => {
    expect(uncoveredTopLevel(tree, [1]).map((node) => node.id)).toEqual([4, 6, 7]);
    expect(uncoveredTopLevel(tree, [1, 5]).map((node) => node.id)).toEqual([6, 7]);
    expect(uncoveredTopLevel(tree, [1, 5, 6, 7])).toEqual([]);
  });
  it('ignores a point that is not in the tree (retired)', () => {
    expect(uncoveredTopLevel(tree, [1, 42]).map((node) => node.id)).toEqual([4, 6, 7]);
  });
  it('an empty tree has nothing uncovered', () => {
    expect(uncoveredTopLevel([], [])).toEqual([]);
  });
});

describe('pointLookup', () => {
  it('names the point itself, or its nearest ancestor among the points', () => {
    const pointOf = pointLookup(tree, [1, 5]);
    expect(pointOf(1)).toBe(1);
    expect(pointOf(3)).toBe(1);
    expect(pointOf(5)).toBe(5);
  });
  it('is null for a node on no point: above one, beside them, or unknown', () => {
    const pointOf = pointLookup(tree, [1, 5]);
    expect(pointOf(4)).toBeNull();
    expect(pointOf(6)).toBeNull();
    expect(pointOf(7)).toBeNull();
    expect(pointOf(42)).toBeNull();
  });
  it('does not loop on a cycle in bad data', () => {
    const pointOf = pointLookup([n(1, 2), n(2, 1), n(3, null)], [3]);
    expect(pointOf(1)).toBeNull();
  });
});
