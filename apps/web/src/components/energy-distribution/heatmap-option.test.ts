import { describe, expect, it } from 'vitest';
import { compressDistribution } from './heatmap';
import { heatmapHeight, heatmapOption } from './heatmap-option';

type Formatter = (params: unknown) => string;
const formatterOf = (option: unknown) =>
  (option as { tooltip: { formatter: Formatter } }).tooltip.formatter;

describe('heatmapOption', () => {
  const slot = (kwh: number, level: 'low' | 'mid' | 'high') => ({
    averageKW: kwh * 4,
    level,
    maxKW: kwh * 5,
    valueKWH: kwh,
  });
  const days = compressDistribution([
    {
      date: '2026-11-20',
      values: [slot(1, 'low'), slot(1, 'high'), slot(1, 'low'), slot(1, 'low')],
    },
    { date: '2026-11-21', values: [slot(2, 'mid')] },
  ]);
  const option = heatmapOption(days, {
    level: { low: 'Low', mid: 'Mid', high: 'High' },
    levelLabel: 'Level',
    noData: 'No data yet',
    valueKWH: 'Energy',
    averageKW: 'Average',
    maxKW: 'Max',
    kwh: (v) => `${v} kWh`,
    kw: (v) => `${v} kW`,
    dayLabel: (d) => d.replaceAll('-', '/'),
  }) as unknown as {
    yAxis: { data: string[] };
    xAxis: { data: string[] };
    series: { data: { value: number[] }[] }[];
  };

  it('has 24 hour columns and the newest day on top', () => {
    expect(option.xAxis.data).toHaveLength(24);
    expect(option.yAxis.data).toEqual(['2026/11/21', '2026/11/20']);
  });

  it('explains a cell with its day, hour, level, kWh and kW', () => {
    const cells = option.series[0]!.data;
    const olderDay = cells.find((cell) => cell.value[0] === 0 && cell.value[1] === 1)!;
    const html = formatterOf(option)({ data: olderDay });
    for (const text of ['2026/11/20 00:00–01:00', 'High', '4 kWh', '4 kW', '5 kW']) {
      expect(html).toContain(text);
    }
  });

  it('draws an hour without data as "no data yet" in its own colour, never a level', () => {
    const cells = option.series[0]!.data;
    expect(cells).toHaveLength(48); // every hour of both days
    const later = cells.find((cell) => cell.value[0] === 5 && cell.value[1] === 0)!;
    expect(later.value[2]).toBe(3); // past the three levels' ranks 0–2
    const html = formatterOf(option)({ data: later });
    expect(html).toContain('2026/11/21 05:00–06:00');
    expect(html).toContain('No data yet');
    expect(html).not.toMatch(/Low|Mid|High|kWh/);
    const pieces = (option as unknown as { visualMap: { pieces: { value: number }[] } }).visualMap
      .pieces;
    expect(pieces.map((piece) => piece.value)).toEqual([0, 1, 2, 3]);
  });

  it('grows with the number of days within bounds', () => {
    expect(heatmapHeight(1)).toBe(160);
    expect(heatmapHeight(10)).toBe(284);
    expect(heatmapHeight(365)).toBe(720);
  });
});
