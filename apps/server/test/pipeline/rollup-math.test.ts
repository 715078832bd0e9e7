import { describe, expect, it } from 'vitest';
import {
  clusterInstants,
  mergeRanges,
  netDemandKw,
  quarterHourRollups,
  virtualAncestors,
  virtualMembers,
  type NodeLink,
  type RollupSample,
} from '../../src/modules/rollups/energy/index.ts';

const at = (time: string) => Date.parse(`2026-05-01T${time}Z`);
const s = (time: string, forward: number, kw: number | null): RollupSample => ({
  ts: at(time),
  forward,
  reverse: null,
  kw,
});

describe('quarterHourRollups', () => {
  const before: RollupSample = { ts: at('00:00:00') - 60_000, forward: 99, reverse: null, kw: 5 };
  const samples = [
    before, // the reading just before the window: its interval ends in the bucket before
    s('00:00:00', 100, 12),
    s('00:05:00', 101, 18),
    { ...s('00:10:00', 0, null), forward: null },
    s('00:15:00', 103, 9),
    s('00:30:00', 103, 0),
  ];

  const rows = quarterHourRollups(samples, at('00:00:00'), at('00:30:00'));

  it('gives energy, average kW and demand per bucket', () => {
    expect(rows.map((r) => [r.kwhForward, r.avgKw, r.maxDemandKw])).toEqual([
      [3, 12, 12], // 100 → 103 between 00:00 and 00:15
      [0, 0, 0],
    ]);
  });

  it('takes the kW extremes and count of the readings inside each bucket', () => {
    expect(rows.map((r) => [r.maxKw, r.minKw, r.samples])).toEqual([
      [18, 12, 3], // the counter-less reading still counts as a sample
      [9, 9, 1],
    ]);
  });

  it('returns only buckets inside [from, to)', () => {
    expect(rows.map((r) => new Date(r.start).toISOString().slice(11, 16))).toEqual([
      '00:00',
      '00:15',
    ]);
  });
});

describe('quarterHourRollups: demand is the net draw', () => {
  const solarAndLoad = (time: string, forward: number, reverse: number): RollupSample => ({
    ts: at(time),
    forward,
    reverse,
    kw: null,
  });

  it('takes the reverse energy off the block and never goes below 0', () => {
    const rows = quarterHourRollups(
      [
        solarAndLoad('00:00:00', 100, 50),
        solarAndLoad('00:15:00', 103, 51), // 3 in, 1 out: 2 kWh net = 8 kW
        solarAndLoad('00:30:00', 104, 53), // 1 in, 2 out: exporting, so 0 kW of demand
        solarAndLoad('00:45:00', 104, 53),
      ],
      at('00:00:00'),
      at('00:45:00'),
    );
    expect(rows.map((r) => [r.kwhForward, r.kwhReverse, r.avgKw, r.maxDemandKw])).toEqual([
      [3, 1, 12, 8],
      [1, 2, 4, 0],
      [0, 0, 0, 0],
    ]);
  });

  it('is the forward draw for a meter without a reverse counter', () => {
    expect(netDemandKw(2.5, 0)).toBe(10);
    expect(netDemandKw(0, 0)).toBe(0);
    expect(netDemandKw(1, 4)).toBe(0);
  });
});

describe('virtual nodes', () => {
  // root(v) ─ area(v) ─ meterA ─ circuitA1
  //        │          └ inner(v) ─ solar
  //        └ meterB
  const nodes: NodeLink[] = [
    { id: 1, parentId: null, type: 'virtual' },
    { id: 2, parentId: 1, type: 'virtual' },
    { id: 3, parentId: 2, type: 'smartMeter' },
    { id: 4, parentId: 3, type: 'circuit' },
    { id: 5, parentId: 2, type: 'virtual' },
    { id: 6, parentId: 5, type: 'smartMeter' },
    { id: 7, parentId: 1, type: 'smartMeter' },
  ];

  it('sum the measured nodes reached through virtual nodes, not a meter’s circuits', () => {
    expect(virtualMembers(nodes)).toEqual(
      new Map([
        [1, [3, 6, 7]],
        [2, [3, 6]],
        [5, [6]],
      ]),
    );
  });

  it('change with a member: its chain of virtual parents', () => {
    expect(virtualAncestors(6, nodes)).toEqual([5, 2, 1]);
    expect(virtualAncestors(7, nodes)).toEqual([1]);
  });

  it('do not change with a circuit under a measured meter', () => {
    expect(virtualAncestors(4, nodes)).toEqual([]);
  });

  it('survive a cycle in bad data', () => {
    const cyclic: NodeLink[] = [
      { id: 1, parentId: 2, type: 'virtual' },
      { id: 2, parentId: 1, type: 'virtual' },
      { id: 3, parentId: 1, type: 'circuit' },
    ];
    expect(virtualAncestors(3, cyclic)).toEqual([1, 2]);
    expect(virtualMembers(cyclic).get(1)).toEqual([3]);
  });
});

describe('time ranges', () => {
  it('merge overlapping and touching ranges, drop empty ones', () => {
    expect(
      mergeRanges([
        { from: 10, to: 20 },
        { from: 0, to: 5 },
        { from: 5, to: 8 },
        { from: 15, to: 30 },
        { from: 40, to: 40 },
      ]),
    ).toEqual([
      { from: 0, to: 8 },
      { from: 10, to: 30 },
    ]);
  });

  it('cluster instants separated by more than the gap', () => {
    expect(clusterInstants([1, 2, 3, 10, 11, 30], 5)).toEqual([
      { first: 1, last: 3 },
      { first: 10, last: 11 },
      { first: 30, last: 30 },
    ]);
  });
});
