import { overviewConsumeRatioResponse } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import {
  comparisonBars,
  hasComparisonData,
  leftOutOfPie,
  OTHER_COLOR,
  pieSlices,
} from './comparison';

const envelope = {
  action: '/v1/Web/Overview/ConsumeRatio',
  statusCode: 200,
  email: 'demo@wattboard.local',
  username: 'demo',
  token: null,
  dtTokenExpire: null,
};
const channel = (id: number, kwh: number) => ({
  id,
  chName: `中${id}`,
  name: `N${id}`,
  kwh,
  co2: kwh * 0.5,
});
const answer = (pie: object, bars: object[] = []) =>
  overviewConsumeRatioResponse.parse({ ...envelope, barChartList: bars, pieChartData: pie });
const label = (c: { name: string }) => c.name;

describe('pieSlices', () => {
  it('shares each channel and the unmetered remainder of the root', () => {
    const { pieChartData } = answer({
      root: channel(1, 100),
      items: [channel(2, 60), channel(3, 30)],
      remainder: { kwh: 10, co2: 5 },
    });
    const slices = pieSlices(pieChartData, label, 'Other');
    expect(slices.map((s) => [s.key, s.label, s.share])).toEqual([
      ['c2', 'N2', 60],
      ['c3', 'N3', 30],
      ['other', 'Other', 10],
    ]);
    expect(slices[2]!.color).toBe(OTHER_COLOR);
  });

  it('draws no slice for idle or generating channels, nor a negative remainder', () => {
    const { pieChartData } = answer({
      root: channel(1, 40),
      items: [channel(2, 30), channel(3, 0), channel(4, -10), channel(5, 30)],
      remainder: { kwh: -10, co2: -5 },
    });
    const slices = pieSlices(pieChartData, label, 'Other');
    expect(slices.map((s) => [s.key, s.share])).toEqual([
      ['c2', 50],
      ['c5', 50],
    ]);
  });

  it('shares against the slices when there is no root', () => {
    const { pieChartData } = answer({
      root: null,
      items: [channel(2, 3), channel(3, 1)],
      remainder: null,
    });
    expect(pieSlices(pieChartData, label, 'Other').map((s) => s.share)).toEqual([75, 25]);
  });
});

describe('leftOutOfPie', () => {
  it('names each chosen channel without a slice, and why', () => {
    const { pieChartData } = answer({
      root: channel(1, 40),
      items: [channel(2, 30), channel(3, 0), channel(4, -12.3), channel(5, 0.0001)],
      remainder: { kwh: -2.3, co2: -1 },
    });
    expect(leftOutOfPie(pieChartData, label)).toEqual([
      { key: 'c3', label: 'N3', kwh: 0, reason: 'nothing' },
      { key: 'c4', label: 'N4', kwh: -12.3, reason: 'exported' },
      { key: 'c5', label: 'N5', kwh: 0.0001, reason: 'nothing' },
    ]);
    // Together with the slices, every chosen channel is accounted for.
    const drawn = pieSlices(pieChartData, label, 'Other').map((s) => s.key);
    expect([...drawn, ...leftOutOfPie(pieChartData, label).map((c) => c.key)].sort()).toEqual(
      pieChartData.items.map((item) => `c${item.id}`).sort(),
    );
  });

  it('is empty when every channel has a slice', () => {
    const { pieChartData } = answer({ root: null, items: [channel(2, 3)], remainder: null });
    expect(leftOutOfPie(pieChartData, label)).toEqual([]);
  });
});

describe('comparisonBars', () => {
  const day = (date: string, channels: ReturnType<typeof channel>[]) => ({
    date,
    total: { kwh: channels.reduce((sum, c) => sum + c.kwh, 0), co2: 0 },
    channels,
  });

  it('stacks each channel per day, keeping a missing day as a gap', () => {
    const { barChartList } = answer({ root: null, items: [], remainder: null }, [
      day('2026-11-20', [channel(2, 5), channel(3, 1)]),
      day('2026-11-21', [channel(3, 2)]),
    ]);
    const bars = comparisonBars(barChartList, label);
    expect(bars.dates).toEqual(['2026-11-20', '2026-11-21']);
    expect(bars.totals).toEqual([6, 2]);
    expect(bars.channels.map((c) => [c.id, c.values])).toEqual([
      [2, [5, null]],
      [3, [1, 2]],
    ]);
    expect(hasComparisonData(bars)).toBe(true);
  });

  it('knows a range without energy', () => {
    expect(hasComparisonData(comparisonBars([], label))).toBe(false);
  });
});
