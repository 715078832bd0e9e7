import { describe, expect, it } from 'vitest';
import { meterFor, selectionFor, smartMeters } from './meters';

const nodes = [
  { id: 1, chName: '總進線', name: 'Incoming', type: 'virtual', isVirtual: true },
  { id: 4, chName: '電表甲', name: 'Meter A', type: 'smartMeter', isVirtual: false },
  { id: 5, chName: '迴路', name: 'Circuit', type: 'circuit', isVirtual: false },
  { id: 9, chName: '電表乙', name: 'Meter B', type: 'smartMeter', isVirtual: false },
];

describe('smart meters for the picker', () => {
  it('keeps only smart meters, in tree order', () => {
    expect(smartMeters(nodes).map((m) => m.id)).toEqual([4, 9]);
  });

  it('keeps a meter named in the URL', () => {
    expect(meterFor(9, smartMeters(nodes))).toBe(9);
  });

  it('falls back to the first meter for a circuit, a virtual node, 0 or an unknown id', () => {
    const meters = smartMeters(nodes);
    for (const id of [5, 1, 0, 77]) expect(meterFor(id, meters)).toBe(4);
  });

  it('answers 0 when the factory has no meter', () => {
    expect(meterFor(4, [])).toBe(0);
  });
});

describe('what a deviceId selects', () => {
  const tree = [
    ...nodes,
    { id: 10, chName: '迴路乙', name: 'Circuit B', type: 'circuit', isVirtual: false },
  ];

  it("opens a circuit's own meter with that circuit chosen", () => {
    expect(selectionFor(5, tree)).toEqual({ meterId: 4, channelId: 5 });
    expect(selectionFor(10, tree)).toEqual({ meterId: 9, channelId: 10 });
  });

  it('selects all channels of a meter named in the URL', () => {
    expect(selectionFor(9, tree)).toEqual({ meterId: 9, channelId: null });
  });

  it('falls back to the first meter, all channels, for anything else', () => {
    for (const id of [1, 0, 77])
      expect(selectionFor(id, tree)).toEqual({ meterId: 4, channelId: null });
  });

  it('falls back when a circuit has no meter before it (bad data)', () => {
    const orphan = [tree[2]!, tree[3]!];
    expect(selectionFor(5, orphan)).toEqual({ meterId: 9, channelId: null });
  });
});
