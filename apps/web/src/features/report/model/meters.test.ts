import { describe, expect, it } from 'vitest';
import { meterFor, smartMeters } from './meters';

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
