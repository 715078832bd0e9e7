import { describe, expect, it } from 'vitest';
import { ZoneClock } from '@wattboard/zone-time';
import {
  latestDueRun,
  nextRunAfter,
  nextScheduledRun,
  owedRun,
  periodOf,
  previousPeriod,
} from '../../src/modules/scheduled-reports/schedule.ts';

const taipei = new ZoneClock('Asia/Taipei');
const berlin = new ZoneClock('Europe/Berlin');
const newYork = new ZoneClock('America/New_York');

const at = (iso: string) => Date.parse(iso);
const iso = (t: number) => new Date(t).toISOString();

describe('weekly schedule (Monday 08:00 local, the previous Monday–Sunday)', () => {
  it('finds the last Monday 08:00 and the week before it', () => {
    const run = latestDueRun('weekly', at('2026-11-24T05:50:00Z'), taipei); // Tue 13:50 local
    expect(run.dueDate).toBe('2026-11-23');
    expect(iso(run.dueAt)).toBe('2026-11-23T00:00:00.000Z');
    expect(run.period).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    const next = nextRunAfter('weekly', at('2026-11-24T05:50:00Z'), taipei);
    expect(iso(next.dueAt)).toBe('2026-11-30T00:00:00.000Z');
    expect(next.period).toEqual({ from: '2026-11-23', to: '2026-11-29' });
  });

  it('is due exactly at 08:00, not a millisecond before', () => {
    const due = at('2026-11-23T00:00:00Z');
    expect(latestDueRun('weekly', due, taipei).dueDate).toBe('2026-11-23');
    expect(latestDueRun('weekly', due - 1, taipei).dueDate).toBe('2026-11-16');
    expect(iso(nextRunAfter('weekly', due - 1, taipei).dueAt)).toBe('2026-11-23T00:00:00.000Z');
    expect(iso(nextRunAfter('weekly', due, taipei).dueAt)).toBe('2026-11-30T00:00:00.000Z');
  });

  it('reads Monday in the factory zone, not in UTC (Sunday 23:00 UTC is Monday in Taipei)', () => {
    // 2026-11-22T23:30Z is Mon 07:30 in Taipei: the week of Nov 16 is not due yet.
    expect(latestDueRun('weekly', at('2026-11-22T23:30:00Z'), taipei).dueDate).toBe('2026-11-16');
    // Sunday in New York at the same instant: the last due Monday is Nov 16.
    expect(latestDueRun('weekly', at('2026-11-22T23:30:00Z'), newYork).dueDate).toBe('2026-11-16');
  });

  it('keeps 08:00 on the wall clock across daylight saving (Berlin, spring and autumn)', () => {
    // Clocks go forward Sun 2026-03-29: Monday the 23rd is CET (+1), the 30th CEST (+2).
    expect(iso(nextRunAfter('weekly', at('2026-03-24T12:00:00Z'), berlin).dueAt)).toBe(
      '2026-03-30T06:00:00.000Z',
    );
    expect(iso(latestDueRun('weekly', at('2026-03-24T12:00:00Z'), berlin).dueAt)).toBe(
      '2026-03-23T07:00:00.000Z',
    );
    // Clocks go back Sun 2026-10-25: Monday the 26th is CET again.
    expect(iso(nextRunAfter('weekly', at('2026-10-20T12:00:00Z'), berlin).dueAt)).toBe(
      '2026-10-26T07:00:00.000Z',
    );
    // The week across the change is still Monday–Sunday (a 167-hour week).
    expect(periodOf('weekly', '2026-03-30')).toEqual({ from: '2026-03-23', to: '2026-03-29' });
  });

  it('crosses month and year ends', () => {
    const run = latestDueRun('weekly', at('2027-01-05T00:00:00Z'), taipei); // Tue Jan 5
    expect(run.dueDate).toBe('2027-01-04');
    expect(run.period).toEqual({ from: '2026-12-28', to: '2027-01-03' });
    expect(previousPeriod('weekly', run.period)).toEqual({ from: '2026-12-21', to: '2026-12-27' });
  });
});

describe('monthly schedule (the 1st 08:00 local, the previous month)', () => {
  it('covers the previous calendar month, its last day included', () => {
    const run = latestDueRun('monthly', at('2026-12-31T15:00:00Z'), taipei); // Dec 31 23:00
    expect(run.dueDate).toBe('2026-12-01');
    expect(run.period).toEqual({ from: '2026-11-01', to: '2026-11-30' });
    const next = nextRunAfter('monthly', at('2026-12-31T15:00:00Z'), taipei);
    expect(next.dueDate).toBe('2027-01-01');
    expect(iso(next.dueAt)).toBe('2027-01-01T00:00:00.000Z');
    expect(next.period).toEqual({ from: '2026-12-01', to: '2026-12-31' });
  });

  it('knows February in leap and common years', () => {
    expect(periodOf('monthly', '2028-03-01')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(periodOf('monthly', '2027-03-01')).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    expect(previousPeriod('monthly', { from: '2028-03-01', to: '2028-03-31' })).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
    expect(previousPeriod('monthly', { from: '2027-01-01', to: '2027-01-31' })).toEqual({
      from: '2026-12-01',
      to: '2026-12-31',
    });
  });

  it('is not due on the 1st before 08:00, and follows daylight saving (New York)', () => {
    // Mar 1 is EST (−5): 08:00 = 13:00Z; Apr 1 is EDT (−4): 08:00 = 12:00Z.
    expect(latestDueRun('monthly', at('2026-03-01T12:59:59Z'), newYork).dueDate).toBe('2026-02-01');
    expect(latestDueRun('monthly', at('2026-03-01T13:00:00Z'), newYork).dueDate).toBe('2026-03-01');
    expect(iso(nextRunAfter('monthly', at('2026-03-15T00:00:00Z'), newYork).dueAt)).toBe(
      '2026-04-01T12:00:00.000Z',
    );
  });
});

describe('what the scheduler owes', () => {
  const now = at('2026-11-24T05:50:00Z');
  const lastMonday = at('2026-11-23T00:00:00Z');

  it('owes the latest period if the report was on when it fell due', () => {
    const schedule = { kind: 'weekly' as const, enabled: true, enabledSince: lastMonday - 1 };
    expect(owedRun(schedule, now, taipei)?.period).toEqual({
      from: '2026-11-16',
      to: '2026-11-22',
    });
    expect(owedRun({ ...schedule, enabledSince: lastMonday }, now, taipei)?.dueDate).toBe(
      '2026-11-23',
    );
  });

  it('owes nothing for a period due before the report was switched on, or while off', () => {
    const schedule = { kind: 'weekly' as const, enabled: true, enabledSince: lastMonday + 1 };
    expect(owedRun(schedule, now, taipei)).toBeNull();
    expect(owedRun({ ...schedule, enabled: false, enabledSince: 0 }, now, taipei)).toBeNull();
    expect(owedRun({ ...schedule, enabledSince: null }, now, taipei)).toBeNull();
  });

  it('after a long outage owes only the latest period (one mail, not a backlog)', () => {
    const schedule = { kind: 'weekly' as const, enabled: true, enabledSince: at('2026-01-01') };
    expect(owedRun(schedule, now, taipei)?.dueDate).toBe('2026-11-23');
  });

  it('shows the next run only while the report is on', () => {
    const schedule = { kind: 'monthly' as const, enabled: true, enabledSince: 0 };
    expect(nextScheduledRun(schedule, now, taipei)?.dueDate).toBe('2026-12-01');
    expect(nextScheduledRun({ ...schedule, enabled: false }, now, taipei)).toBeNull();
  });
});
