import { describe, expect, it } from 'vitest';
import {
  chartAxis,
  clippedLocalHourEnd,
  clippedLocalHourStarts,
  hourlyReadPlan,
} from '../../src/modules/monitor/calc/buckets.ts';
import { segmentGridProblem } from '../../src/modules/monitor/calc/consumption.ts';
import { offGridProblem, resolveTimeRange } from '../../src/modules/monitor/calc/time-range.ts';
import { ZoneClock } from '@wattboard/zone-time';

const at = (iso: string) => Date.parse(iso);
const iso = (t: number) => new Date(t).toISOString();
const taipei = new ZoneClock('Asia/Taipei');
const berlin = new ZoneClock('Europe/Berlin');

describe('offGridProblem', () => {
  it('accepts quarter hours, in any zone whose offset is whole quarter hours', () => {
    const range = { from: at('2026-11-21T09:45:00Z'), to: at('2026-11-21T10:15:00Z') };
    expect(offGridProblem(range, 'timeRange')).toBeNull();
    const kathmandu = new ZoneClock('Asia/Kathmandu'); // +05:45
    const local = resolveTimeRange(
      { start: '2026-11-21T17:30', end: '2026-11-21T18:00' },
      kathmandu,
    );
    expect(offGridProblem(local, 'timeRange')).toBeNull();
  });

  it('refuses a bound between quarter hours, or with seconds, naming the bound', () => {
    const start = { from: at('2026-11-21T09:50:00Z'), to: at('2026-11-21T10:15:00Z') };
    expect(offGridProblem(start, 'timeRange')).toMatch(
      /^timeRange\.start: must be on a quarter hour/,
    );
    const end = { from: at('2026-11-21T09:45:00Z'), to: at('2026-11-21T10:15:01Z') };
    expect(offGridProblem(end, 'timeRange')).toMatch(/^timeRange\.end: /);
  });
});

describe('an end of 23:59 means the end of the day', () => {
  const midnight = at('2026-11-20T16:00:00Z'); // 2026-11-21 00:00 in Taipei
  it.each([
    '2026-11-20T23:59',
    '2026-11-20T23:59:59',
    '2026-11-20T23:59:59.999',
    '2026-11-20T23:59:59+08:00',
  ])('reads end %s as the next 00:00, on the grid', (end) => {
    const range = resolveTimeRange({ start: '2026-11-20T00:00', end }, taipei);
    expect(range).toEqual({ from: at('2026-11-19T16:00:00Z'), to: midnight });
    expect(offGridProblem(range, 'timeRange')).toBeNull();
  });

  it('keeps 23:58 off the grid and refuses 23:59 as a start', () => {
    const early = resolveTimeRange({ start: '2026-11-20T00:00', end: '2026-11-20T23:58' }, taipei);
    expect(offGridProblem(early, 'timeRange')).toMatch(/^timeRange\.end: /);
    const start = resolveTimeRange({ start: '2026-11-20T23:59', end: '2026-11-21' }, taipei);
    expect(offGridProblem(start, 'timeRange')).toMatch(/^timeRange\.start: /);
  });

  it("uses the factory's own midnight across a daylight-saving day", () => {
    // Berlin 2026-03-29 has 23 hours; its end is 2026-03-30 00:00 CEST (22:00 UTC).
    const range = resolveTimeRange({ start: '2026-03-29', end: '2026-03-29T23:59:59' }, berlin);
    expect(iso(range.to)).toBe('2026-03-29T22:00:00.000Z');
    expect(range.to - range.from).toBe(23 * 3_600_000);
  });
});

describe('segmentGridProblem', () => {
  const segment = (startTime: string, endTime: string) => ({
    dateRange: { startDate: '2026-11-20', endDate: '2026-11-22' },
    timeRange: { startTime, endTime },
    weekdays: ['Fri' as const],
  });

  it('accepts quarter hours, 24:00 included', () => {
    expect(segmentGridProblem(segment('17:45', '24:00'))).toBeNull();
    expect(segmentGridProblem(segment('00:00', '00:00'))).toBeNull();
  });

  it('refuses other minutes, naming the field', () => {
    expect(segmentGridProblem(segment('17:50', '18:15'))).toMatch(
      /^segmentInfo\.timeRange\.startTime: must be on a quarter hour/,
    );
    expect(segmentGridProblem(segment('17:45', '18:10'))).toMatch(
      /^segmentInfo\.timeRange\.endTime: /,
    );
  });
});

describe('hourly chart buckets clipped to the range', () => {
  it('a range off the hour gets partial first and last points at their own starts', () => {
    const range = { from: at('2026-11-21T09:45:00Z'), to: at('2026-11-21T11:15:00Z') };
    expect(clippedLocalHourStarts(range, taipei).map(iso)).toEqual([
      '2026-11-21T09:45:00.000Z',
      '2026-11-21T10:00:00.000Z',
      '2026-11-21T11:00:00.000Z',
    ]);
    expect(chartAxis(60, range, taipei)).toEqual(clippedLocalHourStarts(range, taipei));
    expect(iso(clippedLocalHourEnd(range.from, range, taipei))).toBe('2026-11-21T10:00:00.000Z');
    expect(iso(clippedLocalHourEnd(at('2026-11-21T11:00:00Z'), range, taipei))).toBe(
      '2026-11-21T11:15:00.000Z',
    );
    const plan = hourlyReadPlan(range, taipei);
    expect(plan.hours).toEqual({
      from: at('2026-11-21T10:00:00Z'),
      to: at('2026-11-21T11:00:00Z'),
    });
    expect(plan.quarters).toEqual([
      { from: range.from, to: at('2026-11-21T10:00:00Z') },
      { from: at('2026-11-21T11:00:00Z'), to: range.to },
    ]);
  });

  it('whole local hours read only hourly rollups', () => {
    const range = { from: at('2026-11-21T10:00:00Z'), to: at('2026-11-21T12:00:00Z') };
    expect(clippedLocalHourStarts(range, taipei)).toHaveLength(2);
    expect(hourlyReadPlan(range, taipei)).toEqual({ hours: range, quarters: [] });
  });

  it('a range inside one hour is one partial point from the 15-minute rollups', () => {
    const range = { from: at('2026-11-21T10:15:00Z'), to: at('2026-11-21T10:45:00Z') };
    expect(clippedLocalHourStarts(range, taipei)).toEqual([range.from]);
    expect(hourlyReadPlan(range, taipei)).toEqual({ hours: null, quarters: [range] });
  });

  it('follows local hours through the autumn change (the repeated 02:00 hour twice)', () => {
    // 01:45 +02:00 to 03:15 +01:00: 2.5 hours.
    const range = { from: at('2026-10-24T23:45:00Z'), to: at('2026-10-25T02:15:00Z') };
    expect(clippedLocalHourStarts(range, berlin).map((t) => berlin.formatIso(t))).toEqual([
      '2026-10-25T01:45:00+02:00',
      '2026-10-25T02:00:00+02:00',
      '2026-10-25T02:00:00+01:00',
      '2026-10-25T03:00:00+01:00',
    ]);
    const plan = hourlyReadPlan(range, berlin);
    expect(plan.hours).toEqual({
      from: at('2026-10-25T00:00:00Z'),
      to: at('2026-10-25T02:00:00Z'),
    });
    expect(plan.quarters).toHaveLength(2);
  });
});
