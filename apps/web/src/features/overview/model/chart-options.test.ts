import { overviewPowerChartResponse } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { comparisonBarOption, comparisonPieOption } from './comparison-option';
import { hasPowerData, powerChartOption, powerChartSeries } from './power-chart-option';

type Formatter = (params: unknown) => string;
const formatterOf = (option: unknown) =>
  (option as { tooltip: { formatter: Formatter } }).tooltip.formatter;

const point = (hh: string, value: number | null) => ({ time: `2026-11-21T${hh}:00+08:00`, value });
const chart = overviewPowerChartResponse.parse({
  action: '/v1/Web/Overview/PowerChart',
  statusCode: 200,
  email: 'demo@wattboard.local',
  username: 'demo',
  token: null,
  dtTokenExpire: null,
  factoryId: 1,
  targetDate: '2026-11-21',
  dtNowFactory: '2026-11-21T00:20:00+08:00',
  listPowerUsageKWH: [point('00:00', 100), point('00:15', null)],
  listPowerAverageKW: [point('00:00', 400)],
  listPowerMaxKW: [point('00:00', 450), point('00:15', null)],
  totalKWH: 100,
  contractCapacityKW: 800,
  hasReverseKWH: false,
});
const text = {
  kwh: 'Energy',
  averageKw: 'Average',
  maxKw: 'Max',
  capacity: 'Contract capacity',
  kwhAxis: 'kWh',
  kwAxis: 'kW',
  axisLabel: (t: string) => t.slice(11, 16),
  tooltipTitle: (t: string) => t.slice(11, 16),
  formatKwh: (v: number | null) => (v === null ? '—' : `${v} kWh`),
  formatKw: (v: number | null) => (v === null ? '—' : `${v} kW`),
};

describe('power chart', () => {
  const series = powerChartSeries(chart);

  it('aligns the three lists on the quarter hours, future quarters empty', () => {
    expect(series.kwh).toEqual([100, null]);
    expect(series.averageKw).toEqual([400, null]);
    expect(series.maxKw).toEqual([450, null]);
    expect(hasPowerData(series)).toBe(true);
    expect(hasPowerData({ times: [], kwh: [null], averageKw: [], maxKw: [] })).toBe(false);
  });

  it('draws the contract capacity on the kW axis and keeps it in view', () => {
    const option = powerChartOption(series, 800, text) as unknown as {
      series: { markLine?: { data: { yAxis: number }[] } }[];
      yAxis: { max?: number }[];
    };
    expect(option.series[2]!.markLine!.data).toEqual([{ yAxis: 800 }]);
    expect(option.yAxis[1]!.max).toBe(840);
    const none = powerChartOption(series, null, text) as unknown as typeof option;
    expect(none.series[2]!.markLine).toBeUndefined();
  });

  it('explains a quarter hour with units', () => {
    const html = formatterOf(powerChartOption(series, 800, text))([{ dataIndex: 0 }]);
    for (const part of ['00:00', '100 kWh', '400 kW', '450 kW']) expect(html).toContain(part);
  });
});

describe('comparison charts', () => {
  const ctext = {
    total: 'Total',
    kwhAxis: 'kWh',
    dayLabel: (d: string) => d.replaceAll('-', '/'),
    formatKwh: (v: number | null) => `${v ?? '—'} kWh`,
    formatShare: (p: number) => `${p}%`,
  };
  const bars = {
    dates: ['2026-11-21'],
    totals: [6],
    channels: [{ id: 2, label: 'Office <b>', color: '#000', values: [6] }],
  };

  it('stacks channels and escapes names in the tooltip', () => {
    const option = comparisonBarOption(bars, ctext) as unknown as { series: { stack: string }[] };
    expect(option.series[0]!.stack).toBe('channels');
    const html = formatterOf(option)([{ dataIndex: 0 }]);
    expect(html).toContain('2026/11/21');
    expect(html).toContain('Office &lt;b&gt;');
    expect(html).toContain('6 kWh');
  });

  type PieOption = {
    tooltip: unknown;
    series: { label: { show: boolean; formatter: Formatter } }[];
    media: { query: { maxWidth: number }; option: { series: { label: { show: boolean } }[] } }[];
  };
  const slices = [
    { key: 'c2', label: 'Office', kwh: 6, co2: 3, share: 38.95, color: '#000' },
    { key: 'c3', label: 'Lab', kwh: 9.4, co2: 4.7, share: 61.05, color: '#111' },
  ];

  it("gives a slice's kWh and share", () => {
    const option = comparisonPieOption(slices, ctext) as unknown as PieOption;
    const html = formatterOf(option)({ dataIndex: 0 });
    expect(html).toContain('6 kWh');
    expect(html).toContain('38.95%');
  });

  it('labels each slice with its whole share on a wide chart', () => {
    const option = comparisonPieOption(slices, ctext) as unknown as PieOption;
    const { label } = option.series[0]!;
    expect(label.show).toBe(true);
    expect(label.formatter({ dataIndex: 1 })).toBe('61.05%');
  });

  it('leaves the slices unlabelled on a phone-wide chart: the legend gives the shares', () => {
    const option = comparisonPieOption(slices, ctext) as unknown as PieOption;
    const narrow = option.media.find((rule) => rule.query.maxWidth >= 390)!;
    expect(narrow.query.maxWidth).toBeLessThan(600);
    expect(narrow.option.series[0]!.label.show).toBe(false);
  });
});
