import type { AdminNode } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { canHold, parentChoices, subtreeIds, treeRows, virtualMembers } from './node-tree';

function node(
  id: number,
  type: AdminNode['type'],
  parentId: number | null,
  extra: Partial<AdminNode> = {},
): AdminNode {
  return {
    id,
    parentId,
    type,
    name: `N${id}`,
    chName: `節點${id}`,
    serial: type === 'virtual' ? null : `S${id}`,
    wiring: type === 'virtual' ? null : 'a,b,c',
    breakerType: null,
    frequencyHz: null,
    hasReverseKwh: false,
    sortOrder: 0,
    retiredAt: null,
    createdAt: '2026-01-01T00:00:00Z',
    lastReadingAt: null,
    ...extra,
  };
}

// 1 virtual (top) ─ 2 meter ─ 3 circuit, 4 circuit (sortOrder first)
//                 └ 5 virtual ─ 6 meter
// 7 meter (top, retired)     8 circuit under 2, retired
const NODES = [
  node(6, 'smartMeter', 5),
  node(1, 'virtual', null),
  node(2, 'smartMeter', 1),
  node(3, 'circuit', 2, { sortOrder: 2 }),
  node(4, 'circuit', 2, { sortOrder: 1 }),
  node(5, 'virtual', 1),
  node(7, 'smartMeter', null, { retiredAt: '2026-02-01T00:00:00Z' }),
  node(8, 'circuit', 2, { sortOrder: 3, retiredAt: '2026-02-01T00:00:00Z' }),
];

const ids = (rows: { node: AdminNode }[]) => rows.map((r) => r.node.id);

describe('node tree', () => {
  it('flattens depth-first by sort order, without retired nodes unless asked', () => {
    const rows = treeRows(NODES);
    expect(ids(rows)).toEqual([1, 2, 4, 3, 5, 6]);
    expect(rows.map((r) => r.depth)).toEqual([0, 1, 2, 2, 1, 2]);
    expect(ids(treeRows(NODES, { withRetired: true }))).toEqual([1, 2, 4, 3, 8, 5, 6, 7]);
  });

  it('shows an orphan at the top and handles an empty list', () => {
    expect(ids(treeRows([node(9, 'circuit', 99)]))).toEqual([9]);
    expect(treeRows([])).toEqual([]);
  });

  it('finds a subtree', () => {
    expect([...subtreeIds(NODES, 1)].sort()).toEqual([1, 2, 3, 4, 5, 6, 8]);
    expect([...subtreeIds(NODES, 3)]).toEqual([3]);
  });

  it('places meters at the top or under virtual nodes, circuits only under meters', () => {
    expect(canHold(null, 'smartMeter')).toBe(true);
    expect(canHold('virtual', 'smartMeter')).toBe(true);
    expect(canHold('smartMeter', 'smartMeter')).toBe(false);
    expect(canHold(null, 'circuit')).toBe(false);
    expect(canHold('smartMeter', 'circuit')).toBe(true);
    expect(canHold('virtual', 'circuit')).toBe(false);
    expect(canHold(null, 'virtual')).toBe(true);
    expect(canHold('circuit', 'virtual')).toBe(false);
  });

  it('offers only allowed, active parents and never the moved node or its subtree', () => {
    const choice = (c: AdminNode | null) => (c ? c.id : null);
    expect(parentChoices(NODES, 'circuit').map(choice)).toEqual([2, 6]);
    expect(parentChoices(NODES, 'smartMeter').map(choice)).toEqual([null, 1, 5]);
    expect(parentChoices(NODES, 'virtual', 1).map(choice)).toEqual([null]);
    expect(parentChoices(NODES, 'virtual', 5).map(choice)).toEqual([null, 1]);
  });

  it('lists the active measured nodes a virtual node sums', () => {
    expect(
      virtualMembers(NODES, 1)
        .map((n) => n.id)
        .sort(),
    ).toEqual([2, 3, 4, 6]);
    expect(virtualMembers(NODES, 5).map((n) => n.id)).toEqual([6]);
  });
});
