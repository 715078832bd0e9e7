import type { EnergyDistributionEntry } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import {
  compressDay,
  compressDistribution,
  compressHour,
  hasAnyEnergy,
  higherLevel,
} from './heatmap';

const slot = (valueKWH: number, level: 'low' | 'mid' | 'high' = 'low', maxKW = valueKWH * 4) => ({
  averageKW: valueKWH * 4,
  level,
  maxKW,
  valueKWH,
});

describe('compressHour', () => {
  it('sums kWh, averages kW, keeps the max kW and the highest level of its four quarters', () => {
    const cell = compressHour([
      slot(1, 'low', 5),
      slot(2, 'high', 9),
      slot(3, 'mid', 13),
      slot(4, 'low', 17),
    ]);
    expect(cell).toEqual({ valueKWH: 10, averageKW: 10, maxKW: 17, level: 'high' });
  });

  it('averages only the quarters that exist (a gap is not a zero)', () => {
    const cell = compressHour([slot(2), undefined, slot(4), undefined]);
    expect(cell).toMatchObject({ valueKWH: 6, averageKW: 12 });
  });

  it('skips quarters the server sent without data (not begun yet): no value, no level', () => {
    const none = { averageKW: null, level: null, maxKW: null, valueKWH: null };
    expect(compressHour([slot(2, 'mid'), none, none, none])).toEqual({
      valueKWH: 2,
      averageKW: 8,
      maxKW: 8,
      level: 'mid',
    });
    expect(compressHour([none, none, none, none])).toBeNull();
  });

  it('is empty when the hour has no quarter at all', () => {
    expect(compressHour([undefined, undefined, undefined, undefined])).toBeNull();
  });

  it('keeps a zero-energy hour as a cell, not as missing', () => {
    expect(compressHour([slot(0), slot(0), slot(0), slot(0)])).toMatchObject({ valueKWH: 0 });
  });
});

describe('higherLevel', () => {
  it('orders high above mid above low', () => {
    expect(higherLevel('low', 'mid')).toBe('mid');
    expect(higherLevel('high', 'mid')).toBe('high');
    expect(higherLevel('low', 'low')).toBe('low');
  });
});

describe('compressDay', () => {
  it('turns 96 fifteen-minute values into 24 hourly cells by local clock time', () => {
    const values = Array.from({ length: 96 }, (_, i) => slot(i % 4 === 0 ? 1 : 0.5));
    const day = compressDay({ date: '2026-11-21', values });
    expect(day.hours).toHaveLength(24);
    expect(day.hours.every((cell) => cell?.valueKWH === 2.5)).toBe(true);
  });

  it('still gives 24 cells on a 23-hour daylight-saving day; the missing hour is empty', () => {
    // Europe/Berlin, 2026-03-29: 02:00–03:00 does not exist; the server sends 92 values
    // for the other hours at their clock positions, leaving that hour's slots out.
    const values: (ReturnType<typeof slot> | undefined)[] = Array.from({ length: 96 }, () =>
      slot(1),
    );
    for (let q = 8; q < 12; q += 1) values[q] = undefined;
    const entry = { date: '2026-03-29', values } as unknown as EnergyDistributionEntry;
    const day = compressDay(entry);
    expect(day.hours).toHaveLength(24);
    expect(day.hours[2]).toBeNull();
    expect(day.hours[3]?.valueKWH).toBe(4);
  });

  it('shows a partial day (today) with empty cells after the last value', () => {
    const day = compressDay({
      date: '2026-11-21',
      values: Array.from({ length: 58 }, () => slot(1)),
    });
    expect(day.hours[13]?.valueKWH).toBe(4);
    expect(day.hours[14]?.valueKWH).toBe(2); // two of its quarters so far
    expect(day.hours[15]).toBeNull();
  });
});

describe('compressDistribution', () => {
  it('puts days in date order and tells whether any energy was recorded', () => {
    const days = compressDistribution([
      { date: '2026-11-21', values: [slot(0)] },
      { date: '2026-11-20', values: [slot(0)] },
    ]);
    expect(days.map((d) => d.date)).toEqual(['2026-11-20', '2026-11-21']);
    expect(hasAnyEnergy(days)).toBe(false);
    expect(hasAnyEnergy(compressDistribution([{ date: '2026-11-21', values: [slot(0.2)] }]))).toBe(
      true,
    );
  });
});
