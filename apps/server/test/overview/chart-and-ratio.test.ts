import { describe, expect, it } from 'vitest';
import {
  barChartList,
  commonAncestor,
  pieRemainder,
  sumOverDays,
} from '../../src/modules/overview/calc/consume-ratio.ts';
import { co2Rates, flatCo2Rates } from '../../src/modules/carbon/index.ts';
import { powerChartSeries } from '../../src/modules/overview/calc/power-chart.ts';
import { devicePowerInfo } from '../../src/modules/overview/calc/power-info.ts';
import type { TreeNode } from '../../src/modules/factory/node-tree.ts';
import { ZoneClock } from '@wattboard/zone-time';

const Q = 15 * 60_000;
const taipei = new ZoneClock('Asia/Taipei');
const n = (id: number, parentId: number | null): TreeNode => ({
  id,
  parentId,
  type: 'circuit',
  chName: `節點 ${id}`,
  name: `Node ${id}`,
  sortOrder: 0,
});

describe('powerChartSeries', () => {
  const day = { from: taipei.startOfDay('2026-12-01'), to: taipei.startOfDay('2026-12-02') };
  const rows = [
    { start: day.from, kwhForward: 3, kwhReverse: 0, maxKw: 13 },
    { start: day.from + 2 * Q, kwhForward: 1, kwhReverse: 0.25, maxKw: null },
  ];

  it('gives 96 local quarters: net kWh, average kW, max kW; gaps and the future null', () => {
    const series = powerChartSeries(day, rows, day.from + 2 * Q + 60_000, taipei);
    expect(series.listPowerUsageKWH).toHaveLength(96);
    expect(series.listPowerUsageKWH.slice(0, 4).map((p) => p.value)).toEqual([3, null, 0.75, null]);
    expect(series.listPowerAverageKW[2]).toEqual({ time: '2026-12-01T00:30:00+08:00', value: 3 });
    expect(series.listPowerMaxKW.slice(0, 3).map((p) => p.value)).toEqual([13, null, null]);
    expect(series.totalKWH).toBe(3.75);
  });

  it('hides a row of a quarter that has not begun', () => {
    const series = powerChartSeries(day, rows, day.from + Q - 1, taipei);
    expect(series.listPowerUsageKWH[2]!.value).toBeNull();
    expect(series.totalKWH).toBe(3);
  });

  it('keeps kWh points fine enough that 96 of them add up to the total within 0.001', () => {
    const many = Array.from({ length: 96 }, (_, i) => ({
      start: day.from + i * Q,
      kwhForward: 0.12345678,
      kwhReverse: 0,
      maxKw: 1,
    }));
    const series = powerChartSeries(day, many, day.to, taipei);
    const sum = series.listPowerUsageKWH.reduce((acc, p) => acc + p.value!, 0);
    expect(Math.abs(sum - 96 * 0.12345678)).toBeLessThan(0.0001);
  });

  it('follows a daylight-saving day’s real quarters (92 on the spring-forward day)', () => {
    const ny = new ZoneClock('America/New_York');
    const spring = { from: ny.startOfDay('2026-03-08'), to: ny.startOfDay('2026-03-09') };
    const series = powerChartSeries(spring, [], spring.to, ny);
    expect(series.listPowerUsageKWH).toHaveLength(92);
    expect(series.listPowerUsageKWH[8]!.time).toBe('2026-03-08T03:00:00-04:00');
  });
});

describe('commonAncestor', () => {
  const nodes = [n(1, null), n(2, 1), n(3, 1), n(4, 2), n(5, 2), n(6, 3)];
  it('is the siblings’ parent', () => {
    expect(commonAncestor(nodes, [4, 5], 1)).toBe(2);
  });
  it('is the deepest shared ancestor of different branches', () => {
    expect(commonAncestor(nodes, [4, 6], 1)).toBe(1);
  });
  it('is the parent of a node chosen with its own child', () => {
    expect(commonAncestor(nodes, [2, 4], 1)).toBe(1);
  });
  it('falls back to the factory root for the root itself or nothing chosen', () => {
    expect(commonAncestor(nodes, [1], 1)).toBe(1);
    expect(commonAncestor(nodes, [], 1)).toBe(1);
    expect(commonAncestor([], [], null)).toBeNull();
  });
});

describe('pieRemainder', () => {
  it('is root minus the items with its CO2', () => {
    const at = (kwh: number) => ({ kwh, co2: kwh * 0.5 });
    expect(pieRemainder(at(100), [at(50), at(25)])).toEqual({ kwh: 25, co2: 12.5 });
  });
  it('is null when the items add up within 0.001 kWh, or without a root', () => {
    const at = (kwh: number) => ({ kwh, co2: kwh * 0.5 });
    expect(pieRemainder(at(100), [at(50), at(49.9995)])).toBeNull();
    expect(pieRemainder(null, [at(1)])).toBeNull();
  });
  it('goes negative when the items overlap', () => {
    const at = (kwh: number) => ({ kwh, co2: kwh });
    expect(pieRemainder(at(10), [at(10), at(4)])).toEqual({ kwh: -4, co2: -4 });
  });
  it('takes its CO2 from the parts, each priced at its own year', () => {
    // Root 10 kWh in 2025 (0.5) and 10 in 2026 (0.4); the item only the 2025 part.
    expect(pieRemainder({ kwh: 20, co2: 9 }, [{ kwh: 10, co2: 5 }])).toEqual({ kwh: 10, co2: 4 });
  });
});

describe('barChartList', () => {
  it('nets each channel per day and totals the chosen channels', () => {
    const channels = [
      { id: 1, chName: '甲', name: 'A' },
      { id: 2, chName: '乙', name: 'B' },
    ];
    const bars = barChartList(
      [
        { date: '2026-11-30', byNode: new Map([[1, { forward: 10, reverse: 2 }]]) },
        { date: '2026-12-01', byNode: new Map() },
      ],
      channels,
      flatCo2Rates(0.5),
    );
    expect(bars[0]).toEqual({
      date: '2026-11-30',
      total: { kwh: 8, co2: 4 },
      channels: [
        { id: 1, chName: '甲', name: 'A', kwh: 8, co2: 4 },
        { id: 2, chName: '乙', name: 'B', kwh: 0, co2: 0 },
      ],
    });
    expect(bars[1]!.total).toEqual({ kwh: 0, co2: 0 });
  });
});

describe('CO2 across New Year', () => {
  const rates = co2Rates(
    [
      { year: 2025, kgPerKwh: 0.5 },
      { year: 2026, kgPerKwh: 0.4 },
    ],
    new ZoneClock('Asia/Taipei'),
  );
  const days = [
    { date: '2025-12-31', byNode: new Map([[1, { forward: 10, reverse: 0 }]]) },
    { date: '2026-01-01', byNode: new Map([[1, { forward: 10, reverse: 0 }]]) },
  ];
  it('prices each bar at its own year', () => {
    const bars = barChartList(days, [{ id: 1, chName: '甲', name: 'A' }], rates);
    expect(bars.map((bar) => bar.total.co2)).toEqual([5, 4]);
  });
  it('sums the range day by day, each at its year', () => {
    expect(sumOverDays(days, 1, rates)).toEqual({ kwh: 20, co2: 9 });
    expect(sumOverDays(days, 2, rates)).toEqual({ kwh: 0, co2: 0 });
  });
});

describe('devicePowerInfo', () => {
  const now = Date.parse('2026-12-01T02:07:00Z');
  const meters = [
    { id: 1, chName: '甲', name: 'A' },
    { id: 2, chName: '乙', name: 'B' },
    { id: 3, chName: '丙', name: 'C' },
  ];
  it('shows the fresh kW, today’s net kWh and CO2; a silent meter’s kW is null', () => {
    const info = devicePowerInfo(
      meters,
      new Map([
        [1, { ts: now - 60_000, kw: 12.34567 }],
        [2, { ts: now - 11 * 60_000, kw: 5 }],
      ]),
      new Map([[1, { forward: 10, reverse: 1 }]]),
      0.5,
      now,
    );
    expect(info[0]).toEqual({
      id: 1,
      chName: '甲',
      name: 'A',
      valueKW: 12.3457,
      valueKWH: 9,
      co2KG: 4.5,
      lastReadingTime: '2026-12-01T02:06:00.000Z',
    });
    expect(info[1]).toMatchObject({
      valueKW: null,
      valueKWH: 0,
      lastReadingTime: '2026-12-01T01:56:00.000Z',
    });
    expect(info[2]).toMatchObject({ valueKW: null, lastReadingTime: null });
  });
  it('still shows kW exactly at the offline limit', () => {
    const info = devicePowerInfo(
      [meters[0]!],
      new Map([[1, { ts: now - 600_000, kw: 1 }]]),
      new Map(),
      1,
      now,
    );
    expect(info[0]!.valueKW).toBe(1);
  });
});
