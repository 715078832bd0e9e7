import { describe, expect, it } from 'vitest';
import type { PowerDetailSeries } from './power-detail';
import { powerDetailOption } from './power-detail-option';

type Formatter = (params: unknown) => string;
const formatterOf = (option: unknown) =>
  (option as { tooltip: { formatter: Formatter } }).tooltip.formatter;

const powerText = {
  series: {
    kwh: 'Energy',
    positive: 'Consumed',
    reverse: 'Fed back',
    avgKw: 'Average',
    maxKw: 'Max',
    typicalKw: 'Typical day',
  },
  kwhAxis: 'kWh',
  kwAxis: 'kW',
  axisLabel: (time: string) => time.slice(11, 16),
  tooltipTitle: (time: string) => `at ${time.slice(11, 16)}`,
  kwh: (v: number | null) => (v === null ? '—' : `${v} kWh`),
  kw: (v: number | null) => (v === null ? '—' : `${v} kW`),
};

describe('powerDetailOption', () => {
  const series: PowerDetailSeries = {
    times: ['2026-11-21T12:00:00+08:00', '2026-11-21T12:15:00+08:00'],
    bars: [
      { key: 'positive', values: [3, 1] },
      { key: 'reverse', values: [5, null] },
    ],
    lines: [
      { key: 'avgKw', values: [12, 4] },
      { key: 'maxKw', values: [14, null] },
    ],
  };
  const option = powerDetailOption(series, powerText) as unknown as {
    series: { name: string; type: string; data: (number | null)[]; yAxisIndex: number }[];
  };

  it('draws kWh as bars on the left axis and kW as lines on the right', () => {
    expect(option.series.map((s) => [s.name, s.type, s.yAxisIndex])).toEqual([
      ['Consumed', 'bar', 0],
      ['Fed back', 'bar', 0],
      ['Average', 'line', 1],
      ['Max', 'line', 1],
    ]);
  });

  it('draws consumed and fed-back energy side by side and names both in the tooltip', () => {
    expect(option.series[1]?.data).toEqual([5, null]);
    const html = formatterOf(option)([{ dataIndex: 0 }]);
    expect(html).toContain('at 12:00');
    expect(html).toContain('Fed back');
    expect(html).toContain('5 kWh');
    expect(html).not.toContain('-5');
    expect(html).toContain('14 kW');
    expect(formatterOf(option)([{ dataIndex: 1 }])).toContain('—');
  });

  it('draws the typical day as a dashed kW line, named in the tooltip', () => {
    const typical = powerDetailOption(
      { ...series, lines: [...series.lines, { key: 'typicalKw', values: [9, 10] }] },
      powerText,
    ) as unknown as {
      series: { name: string; yAxisIndex: number; lineStyle?: { type: string } }[];
    };
    expect(typical.series.map((s) => [s.name, s.lineStyle?.type])).toEqual([
      ['Consumed', undefined],
      ['Fed back', undefined],
      ['Average', 'solid'],
      ['Max', 'solid'],
      ['Typical day', 'dashed'],
    ]);
    expect(typical.series[4]?.yAxisIndex).toBe(1);
    expect(formatterOf(typical)([{ dataIndex: 1 }])).toContain('10 kW');
  });
});
