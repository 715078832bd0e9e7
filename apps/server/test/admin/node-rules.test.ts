import { describe, expect, it } from 'vitest';
import {
  canHold,
  movedTree,
  virtualsChangedByMove,
  wouldCycle,
} from '../../src/modules/factory/node-rules.ts';
import { dayChunks } from '../../src/modules/rollups/jobs/rollup-jobs.ts';

// 1 virtual (top) > 2 virtual > 3 meter > 4 circuit; 5 virtual (top) > 6 meter; 7 meter (top).
const tree = [
  { id: 1, parentId: null, type: 'virtual' },
  { id: 2, parentId: 1, type: 'virtual' },
  { id: 3, parentId: 2, type: 'smartMeter' },
  { id: 4, parentId: 3, type: 'circuit' },
  { id: 5, parentId: null, type: 'virtual' },
  { id: 6, parentId: 5, type: 'smartMeter' },
  { id: 7, parentId: null, type: 'smartMeter' },
];

describe('canHold', () => {
  it('puts circuits under meters only, meters and virtual nodes at the top or under virtual nodes', () => {
    expect(canHold('smartMeter', 'circuit')).toBe(true);
    expect(canHold(null, 'circuit')).toBe(false);
    expect(canHold('virtual', 'circuit')).toBe(false);
    expect(canHold(null, 'smartMeter')).toBe(true);
    expect(canHold('virtual', 'smartMeter')).toBe(true);
    expect(canHold('smartMeter', 'smartMeter')).toBe(false);
    expect(canHold('circuit', 'virtual')).toBe(false);
    expect(canHold('virtual', 'virtual')).toBe(true);
  });
});

describe('wouldCycle', () => {
  it('refuses a node under itself or its descendants, allows elsewhere', () => {
    expect(wouldCycle(tree, 1, 1)).toBe(true);
    expect(wouldCycle(tree, 1, 2)).toBe(true);
    expect(wouldCycle(tree, 1, 3)).toBe(true);
    expect(wouldCycle(tree, 2, 5)).toBe(false);
    expect(wouldCycle(tree, 2, null)).toBe(false);
  });

  it('stops on a loop already in bad data', () => {
    const looped = [
      { id: 1, parentId: 2, type: 'virtual' },
      { id: 2, parentId: 1, type: 'virtual' },
    ];
    expect(wouldCycle(looped, 9, 1)).toBe(true);
  });
});

describe('virtualsChangedByMove', () => {
  it('names the old and new virtual ancestors, not the shared ones', () => {
    expect(virtualsChangedByMove(tree, 3, 5)).toEqual([1, 2, 5]);
    expect(virtualsChangedByMove(tree, 7, 2)).toEqual([1, 2]);
    expect(virtualsChangedByMove(tree, 3, 1)).toEqual([2]);
    expect(virtualsChangedByMove(tree, 7, null)).toEqual([]);
  });

  it('moving a virtual node changes its ancestors, not itself', () => {
    expect(virtualsChangedByMove(tree, 2, 5)).toEqual([1, 5]);
  });

  it('leaves the input tree alone', () => {
    const moved = movedTree(tree, 3, 5);
    expect(moved.find((n) => n.id === 3)?.parentId).toBe(5);
    expect(tree.find((n) => n.id === 3)?.parentId).toBe(2);
  });
});

describe('dayChunks', () => {
  it('covers whole local days from the oldest bucket to now', () => {
    const days = dayChunks(
      Date.parse('2026-11-20T10:00:00Z'),
      Date.parse('2026-11-22T03:00:00Z'),
      'Asia/Taipei',
    );
    expect(days.map((d) => new Date(d.start).toISOString())).toEqual([
      '2026-11-19T16:00:00.000Z',
      '2026-11-20T16:00:00.000Z',
      '2026-11-21T16:00:00.000Z',
    ]);
  });

  it('is empty without data, and has 23-hour days across DST', () => {
    expect(dayChunks(null, Date.now(), 'UTC')).toEqual([]);
    const days = dayChunks(
      Date.parse('2026-03-28T12:00:00Z'),
      Date.parse('2026-03-29T12:00:00Z'),
      'Europe/Berlin',
    );
    expect(days.map((d) => (d.end - d.start) / 3_600_000)).toEqual([24, 23]);
  });
});
