import { describe, expect, it } from 'vitest';
import { leafPoints } from '../../src/modules/waste/calc/leaf-points.ts';

const node = (id: number, parentId: number | null, type = 'smartMeter') => ({
  id,
  parentId,
  type,
  chName: `點${id}`,
  name: `P${id}`,
  sortOrder: id,
});

describe('leafPoints', () => {
  it('keeps measured points with nothing under them, so each kWh is judged once', () => {
    const tree = [
      node(1, null, 'virtual'), // incoming supply: the sum of what is under it
      node(2, 1), // an area meter with circuits under it
      node(3, 2, 'circuit'),
      node(4, 2, 'circuit'),
      node(5, 1), // a meter with nothing under it
      node(6, null, 'virtual'), // a virtual sum with no children of its own
    ];
    expect(leafPoints(tree).map((n) => n.id)).toEqual([3, 4, 5]);
  });

  it('is empty for an empty tree', () => {
    expect(leafPoints([])).toEqual([]);
  });
});
