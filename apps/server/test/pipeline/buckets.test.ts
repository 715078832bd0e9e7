import { describe, expect, it } from 'vitest';
import {
  bucketHours,
  bucketsOverlapping,
  localDayEnd,
  localDayStart,
  localDays,
  localHourStart,
  localHours,
  quarterHourEnd,
  quarterHourStart,
  quarterHours,
} from '../../src/modules/rollups/energy/index.ts';

const t = Date.parse;
const iso = (ms: number) => new Date(ms).toISOString();

function day(instant: string, zone: string) {
  const start = localDayStart(t(instant), zone);
  const end = localDayEnd(start, zone);
  return { start: iso(start), end: iso(end), hours: (end - start) / 3_600_000 };
}

describe('quarter-hour buckets', () => {
  it('start at UTC quarter hours and last 15 minutes', () => {
    expect(iso(quarterHourStart(t('2026-05-01T10:29:59.999Z')))).toBe('2026-05-01T10:15:00.000Z');
    expect(iso(quarterHourStart(t('2026-05-01T10:30:00Z')))).toBe('2026-05-01T10:30:00.000Z');
    expect(iso(quarterHourEnd(t('2026-05-01T10:30:00Z')))).toBe('2026-05-01T10:45:00.000Z');
  });

  it('tile a range without gaps', () => {
    const buckets = bucketsOverlapping(
      t('2026-05-01T00:10:00Z'),
      t('2026-05-01T01:00:00Z'),
      quarterHours,
    );
    expect(buckets.map((b) => iso(b.start).slice(11, 16))).toEqual([
      '00:00',
      '00:15',
      '00:30',
      '00:45',
    ]);
  });
});

describe('factory-local days', () => {
  it('start at local midnight: 16:00 UTC the day before in Taipei', () => {
    expect(day('2026-11-21T06:00:00Z', 'Asia/Taipei')).toEqual({
      start: '2026-11-20T16:00:00.000Z',
      end: '2026-11-21T16:00:00.000Z',
      hours: 24,
    });
  });

  it('last 23 hours when New York springs forward and 25 when it falls back', () => {
    expect(day('2026-03-08T12:00:00Z', 'America/New_York')).toEqual({
      start: '2026-03-08T05:00:00.000Z',
      end: '2026-03-09T04:00:00.000Z',
      hours: 23,
    });
    expect(day('2026-11-01T12:00:00Z', 'America/New_York')).toEqual({
      start: '2026-11-01T04:00:00.000Z',
      end: '2026-11-02T05:00:00.000Z',
      hours: 25,
    });
  });

  it('last 23 and 25 hours on the Berlin changeover days', () => {
    expect(day('2026-03-29T12:00:00Z', 'Europe/Berlin').hours).toBe(23);
    expect(day('2026-10-25T12:00:00Z', 'Europe/Berlin').hours).toBe(25);
    expect(day('2026-10-25T12:00:00Z', 'Europe/Berlin').start).toBe('2026-10-24T22:00:00.000Z');
  });

  it('begin at the transition where clocks jump over midnight (Santiago, 6 Sep 2026)', () => {
    // 00:00 -04 does not exist: at 04:00 UTC the clock goes from 23:59:59 to 01:00 -03.
    expect(day('2026-09-06T12:00:00Z', 'America/Santiago')).toEqual({
      start: '2026-09-06T04:00:00.000Z',
      end: '2026-09-07T03:00:00.000Z',
      hours: 23,
    });
  });

  it('map the last instant of a day to that day, the next instant to the next day', () => {
    const zone = 'America/New_York';
    const end = localDayEnd(localDayStart(t('2026-11-01T12:00:00Z'), zone), zone);
    expect(iso(localDayStart(end - 1, zone))).toBe('2026-11-01T04:00:00.000Z');
    expect(iso(localDayStart(end, zone))).toBe('2026-11-02T05:00:00.000Z');
  });
});

describe('factory-local hours', () => {
  it('give 23 and 25 hourly buckets on New York DST days, each one hour long', () => {
    const zone = 'America/New_York';
    for (const [instant, count] of [
      ['2026-03-08T12:00:00Z', 23],
      ['2026-11-01T12:00:00Z', 25],
    ] as const) {
      const start = localDayStart(t(instant), zone);
      const hours = bucketsOverlapping(start, localDayEnd(start, zone), localHours(zone));
      expect(hours).toHaveLength(count);
      expect(hours.every((bucket) => bucketHours(bucket) === 1)).toBe(true);
    }
  });

  it('keep the repeated 01:00 hour of the fall-back night as two buckets', () => {
    const zone = 'America/New_York';
    // 05:30 UTC = 01:30 EDT, 06:30 UTC = 01:30 EST.
    expect(iso(localHourStart(t('2026-11-01T05:30:00Z'), zone))).toBe('2026-11-01T05:00:00.000Z');
    expect(iso(localHourStart(t('2026-11-01T06:30:00Z'), zone))).toBe('2026-11-01T06:00:00.000Z');
  });

  it('start at half past the UTC hour in a +05:30 zone', () => {
    expect(iso(localHourStart(t('2026-05-01T10:10:00Z'), 'Asia/Kolkata'))).toBe(
      '2026-05-01T09:30:00.000Z',
    );
  });

  it('follow a 30-minute DST shift without gaps or overlaps (Lord Howe, 5 Apr 2026)', () => {
    const zone = 'Australia/Lord_Howe';
    const start = localDayStart(t('2026-04-05T06:00:00Z'), zone);
    const end = localDayEnd(start, zone);
    const hours = bucketsOverlapping(start, end, localHours(zone));
    expect((end - start) / 3_600_000).toBe(24.5);
    expect(hours.reduce((sum, bucket) => sum + bucketHours(bucket), 0)).toBe(24.5);
    hours.slice(1).forEach((bucket, index) => expect(bucket.start).toBe(hours[index]!.end));
  });

  it('nest in local days: every day boundary is an hour boundary', () => {
    const zone = 'Europe/Berlin';
    const from = t('2026-10-23T00:00:00Z');
    const to = t('2026-10-28T00:00:00Z');
    const hourStarts = new Set(bucketsOverlapping(from, to, localHours(zone)).map((b) => b.start));
    for (const dayBucket of bucketsOverlapping(from, to, localDays(zone)).slice(1)) {
      expect(hourStarts.has(dayBucket.start)).toBe(true);
    }
  });
});
