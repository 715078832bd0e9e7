import { describe, expect, it } from 'vitest';
import type { SegmentInfo, Weekday } from '@wattboard/contract';
import {
  consumptionSegments,
  consumptionSummary,
} from '../../src/modules/monitor/calc/consumption.ts';
import { ZoneClock } from '@wattboard/zone-time';

const at = (iso: string) => Date.parse(iso);
const iso = (t: number) => new Date(t).toISOString().slice(0, 16);
const HOUR = 3_600_000;
const berlin = new ZoneClock('Europe/Berlin');
const taipei = new ZoneClock('Asia/Taipei');
const LATER = at('2030-01-01T00:00:00Z');

const info = (
  startDate: string,
  endDate: string,
  startTime: string,
  endTime: string,
  weekdays: Weekday[],
): SegmentInfo => ({
  dateRange: { startDate, endDate },
  timeRange: { startTime, endTime },
  weekdays,
});

describe('consumption segments', () => {
  it('runs a window that ends before it starts into the next day', () => {
    const { segments } = consumptionSegments(
      info('2026-11-20', '2026-11-22', '22:00', '06:00', ['Fri', 'Sun']),
      taipei,
      LATER,
    );
    expect(segments.map((s) => [iso(s.from), iso(s.to)])).toEqual([
      ['2026-11-20T14:00', '2026-11-20T22:00'],
      ['2026-11-22T14:00', '2026-11-22T22:00'],
    ]);
  });

  it('reads equal times, and 00:00–24:00, as whole days', () => {
    for (const [start, end] of [
      ['00:00', '00:00'],
      ['00:00', '24:00'],
    ]) {
      const { segments } = consumptionSegments(
        info('2026-11-21', '2026-11-21', start!, end!, ['Sat']),
        taipei,
        LATER,
      );
      expect(segments).toEqual([
        { from: at('2026-11-20T16:00:00Z'), to: at('2026-11-21T16:00:00Z') },
      ]);
    }
  });

  it('keeps wall-clock times on daylight-saving days', () => {
    const { segments } = consumptionSegments(
      info('2026-10-24', '2026-10-25', '00:00', '24:00', ['Sat', 'Sun']),
      berlin,
      LATER,
    );
    expect(segments.map((s) => (s.to - s.from) / HOUR)).toEqual([24, 25]);
    const skipped = consumptionSegments(
      info('2026-03-29', '2026-03-29', '02:00', '03:00', ['Sun']),
      berlin,
      LATER,
    );
    // 02:00–03:00 does not exist that night: an empty window.
    expect(skipped.segments[0]!.to - skipped.segments[0]!.from).toBe(0);
  });

  it('counts only matching days that have begun', () => {
    const week = info('2026-11-16', '2026-11-22', '08:00', '17:00', ['Mon', 'Wed', 'Sat']);
    expect(consumptionSegments(week, taipei, LATER).daysSoFar).toBe(3);
    // Wednesday 18 Nov 00:00 local has begun, Saturday has not.
    expect(consumptionSegments(week, taipei, at('2026-11-17T16:30:00Z')).daysSoFar).toBe(2);
  });
});

describe('consumption summary', () => {
  it('averages per counted day and never divides by zero', () => {
    expect(consumptionSummary(136, 68, 2)).toEqual({
      totalConsumed: 136,
      totalCo2: 68,
      dailyAverage: 68,
      dailyCo2: 34,
    });
    expect(consumptionSummary(0, 0, 0)).toEqual({
      totalConsumed: 0,
      totalCo2: 0,
      dailyAverage: 0,
      dailyCo2: 0,
    });
    expect(consumptionSummary(10, 4.74, 3).dailyAverage).toBe(3.3333);
    // CO2 comes summed (each year's energy at its own factor), then averaged the same way.
    expect(consumptionSummary(10, 4.7, 3).dailyCo2).toBe(1.5667);
  });
});
