import { describe, expect, it } from 'vitest';
import { energyPowerFrame } from './energy-power-frame';

const input = {
  times: ['2026-11-24 00:00', '2026-11-24 00:15'],
  axisLabel: (time: string) => time.slice(11),
  kwhAxis: 'kWh',
  kwAxis: 'kW',
  tooltip: () => 'tip',
};

describe('energyPowerFrame', () => {
  it('puts kWh on the left axis, kW on the right, and the bucket times on the category axis', () => {
    const frame = energyPowerFrame(input);
    const [kwh, kw] = frame.yAxis as { name: string; max?: number }[];
    expect([kwh!.name, kw!.name]).toEqual(['kWh', 'kW']);
    expect(kw!.max).toBeUndefined();
    expect((frame.xAxis as { data: string[] }).data).toEqual(input.times);
    expect((frame.tooltip as { formatter: () => string }).formatter()).toBe('tip');
  });

  it('tops the kW axis where the page asks (the Overview keeps its capacity line in view)', () => {
    const [, kw] = energyPowerFrame({ ...input, kwMax: 840 }).yAxis as { max?: number }[];
    expect(kw!.max).toBe(840);
  });
});
