import { describe, expect, it } from 'vitest';
import { groupStatus, overviewControls } from '../../src/modules/overview/calc/controls.ts';
import { buildDetectLine, leafIds } from '../../src/modules/overview/calc/detect-line.ts';
import { factoryRoot, type TreeNode } from '../../src/modules/factory/node-tree.ts';

const n = (id: number, parentId: number | null, type = 'circuit', sortOrder = 0): TreeNode => ({
  id,
  parentId,
  type,
  chName: `節點 ${id}`,
  name: `Node ${id}`,
  sortOrder,
});

describe('buildDetectLine', () => {
  it('nests children by sort order then id', () => {
    const tree = buildDetectLine([
      n(3, 1, 'smartMeter', 1),
      n(1, null, 'virtual'),
      n(2, 1, 'smartMeter', 1),
      n(4, 2),
    ]);
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ id: 1, isVirtual: true, type: 'virtual' });
    expect(tree[0]!.children.map((child) => child.id)).toEqual([2, 3]);
    expect(tree[0]!.children[0]!.children).toEqual([
      { id: 4, chName: '節點 4', name: 'Node 4', type: 'circuit', isVirtual: false, children: [] },
    ]);
  });

  it('keeps a node whose parent is missing as a root, and is empty for no nodes', () => {
    expect(buildDetectLine([n(5, 99)]).map((node) => node.id)).toEqual([5]);
    expect(buildDetectLine([])).toEqual([]);
  });

  it('does not loop on a cycle', () => {
    expect(buildDetectLine([n(1, 2), n(2, 1)])).toEqual([]);
  });
});

describe('leafIds and factoryRoot', () => {
  const nodes = [n(1, null, 'virtual'), n(2, 1, 'smartMeter'), n(3, 2), n(4, 1, 'smartMeter')];
  it('finds the nodes without children', () => {
    expect(leafIds(nodes)).toEqual([3, 4]);
  });
  it('takes the first top-level node as the root', () => {
    expect(factoryRoot(nodes)?.id).toBe(1);
    expect(factoryRoot([n(7, null, 'virtual', 2), n(6, null, 'virtual', 1)])?.id).toBe(6);
    expect(factoryRoot([])).toBeNull();
  });
});

describe('controls', () => {
  it('derives a group’s status from its channels', () => {
    expect(groupStatus(['off', 'on'])).toBe('on');
    expect(groupStatus(['off', 'offline'])).toBe('off');
    expect(groupStatus(['offline', 'offline'])).toBe('offline');
    expect(groupStatus([])).toBe('offline');
  });

  it('groups channels under their group with the control mode and model', () => {
    const controls = overviewControls(
      [
        {
          id: 1,
          groupName: 'AC',
          groupChName: '空調',
          channelTypeName: 'IR-AC',
          controlMethod: 'IR Control',
          isOn: false,
        },
        {
          id: 2,
          groupName: 'Lights',
          groupChName: '',
          channelTypeName: 'Relay-8',
          controlMethod: 'Switch',
          isOn: true,
        },
      ],
      [
        { id: 10, groupId: 2, chName: '燈', name: 'Lamp', action: 'timer', status: 'off' },
        { id: 11, groupId: 1, chName: '冷氣', name: 'AC 1', action: 'auto', status: 'offline' },
      ],
    );
    expect(controls.map((c) => [c.controlMode, c.deviceModelName, c.status, c.isOn])).toEqual([
      ['IR Control', 'IR-AC', 'offline', false],
      ['Switch', 'Relay-8', 'off', true],
    ]);
    expect(controls[1]!.details).toEqual([
      { channelScheduleId: 10, chName: '燈', name: 'Lamp', action: 'timer', status: 'off' },
    ]);
  });
});
