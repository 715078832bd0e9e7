import { describe, expect, it } from 'vitest';
import { flattenNodeTree, type TreeNode } from '../../src/modules/factory/node-tree.ts';

const node = (id: number, parentId: number | null, sortOrder = 0, type = 'circuit'): TreeNode => ({
  id,
  parentId,
  type,
  chName: `節點${id}`,
  name: `Node ${id}`,
  sortOrder,
});

describe('flattenNodeTree', () => {
  it('lists parents before children, depth first, siblings by sort order then id', () => {
    const nodes = [
      node(5, 2, 1),
      node(1, null, 0, 'virtual'),
      node(4, 2, 0),
      node(2, 1, 1, 'smartMeter'),
      node(3, 1, 0, 'smartMeter'),
      node(6, 3, 0),
      node(7, 3, 0),
    ];
    expect(flattenNodeTree(nodes).map((n) => n.id)).toEqual([1, 3, 6, 7, 2, 4, 5]);
  });

  it('gives the same order whatever order the rows arrive in', () => {
    const nodes = [node(1, null, 0, 'virtual'), node(2, 1, 0), node(3, 1, 0), node(4, 2, 0)];
    const reversed = [...nodes].reverse();
    expect(flattenNodeTree(reversed)).toEqual(flattenNodeTree(nodes));
  });

  it('maps each node to the channel list entry and marks virtual nodes', () => {
    expect(flattenNodeTree([node(1, null, 0, 'virtual'), node(2, 1, 0, 'smartMeter')])).toEqual([
      { id: 1, chName: '節點1', name: 'Node 1', type: 'virtual', isVirtual: true },
      { id: 2, chName: '節點2', name: 'Node 2', type: 'smartMeter', isVirtual: false },
    ]);
  });

  it('keeps several roots and treats an orphan as a root instead of dropping it', () => {
    expect(
      flattenNodeTree([node(9, 99), node(1, null, 1), node(2, null, 0)]).map((n) => n.id),
    ).toEqual([2, 9, 1]);
  });

  it('returns an empty list for no nodes and survives a cycle', () => {
    expect(flattenNodeTree([])).toEqual([]);
    expect(flattenNodeTree([node(1, null), node(2, 3), node(3, 2)]).map((n) => n.id)).toEqual([1]);
  });
});
