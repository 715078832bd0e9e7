import { describe, expect, it } from 'vitest';
import {
  addDays,
  clockMinutes,
  DAY_MS,
  datesBetween,
  formatFactoryLocalIso,
  HOUR_MS,
  isValidTimeZone,
  localClock,
  MINUTE_MS,
  QUARTER_MS,
  startOfLocalDate,
  weekdayOf,
  ZoneClock,
} from './index.ts';

/** Durations, Intl zone reads, civil dates, ZoneClock, startOfLocalDate and localClock. */

const at = (iso: string) => Date.parse(iso);
const HOUR = HOUR_MS;
const berlin = new ZoneClock('Europe/Berlin');

describe('duration constants', () => {
  it('are one set, each built from the one before', () => {
    expect([MINUTE_MS, QUARTER_MS, HOUR_MS, DAY_MS]).toEqual([
      60_000, 900_000, 3_600_000, 86_400_000,
    ]);
  });
});

describe('civil dates', () => {
  it('counts weekdays from Sunday and steps over month and leap-year ends', () => {
    expect(weekdayOf('2026-11-22')).toBe(0);
    expect(weekdayOf('2026-11-21')).toBe(6);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(datesBetween('2026-11-29', '2026-12-02')).toEqual([
      '2026-11-29',
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
    ]);
    expect(datesBetween('2026-11-02', '2026-11-01')).toEqual([]);
  });

  it('reads clock times, with 24:00 closing the day', () => {
    expect(clockMinutes('00:00')).toBe(0);
    expect(clockMinutes('22:30')).toBe(1350);
    expect(clockMinutes('24:00')).toBe(1440);
    expect(() => clockMinutes('24:30')).toThrow(/No such time/);
    expect(() => clockMinutes('7:00')).toThrow(/HH:mm/);
  });
});

describe('ZoneClock', () => {
  it('gives daylight-saving days 23 and 25 hours', () => {
    const springDay = berlin.startOfDay('2026-03-30') - berlin.startOfDay('2026-03-29');
    const autumnDay = berlin.startOfDay('2026-10-26') - berlin.startOfDay('2026-10-25');
    expect(springDay / HOUR).toBe(23);
    expect(autumnDay / HOUR).toBe(25);
    expect(berlin.startOfDay('2026-03-29')).toBe(at('2026-03-28T23:00:00Z'));
  });

  it('maps a skipped time to the jump and a repeated time to its first occurrence', () => {
    expect(berlin.fromCivil(at('2026-03-29T02:30:00Z'))).toBe(at('2026-03-29T01:00:00Z'));
    expect(berlin.fromCivil(at('2026-10-25T02:30:00Z'))).toBe(at('2026-10-25T00:30:00Z'));
    expect(berlin.formatIso(at('2026-10-25T00:30:00Z'))).toBe('2026-10-25T02:30:00+02:00');
    expect(berlin.formatIso(at('2026-10-25T01:30:00Z'))).toBe('2026-10-25T02:30:00+01:00');
  });

  it('starts a day whose midnight is skipped at the moment the clocks jump', () => {
    const santiago = new ZoneClock('America/Santiago');
    expect(santiago.formatIso(santiago.startOfDay('2026-09-06'))).toBe('2026-09-06T01:00:00-03:00');
  });

  it('reads local parts and agrees with Intl over a whole year, hour by hour', () => {
    const intl = new Intl.DateTimeFormat('en-CA', {
      timeZone: 'Europe/Berlin',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    for (let t = at('2026-01-01T00:00:00Z'); t < at('2027-01-01T00:00:00Z'); t += HOUR + 60_000) {
      const parts = berlin.localParts(t);
      const expected = intl.format(t).replace(',', '');
      const hh = String(Math.floor(parts.minuteOfDay / 60)).padStart(2, '0');
      const mm = String(parts.minuteOfDay % 60).padStart(2, '0');
      expect(`${parts.date} ${hh}:${mm}`).toBe(expected);
    }
  });

  it('gives New York its 23-hour spring-forward and 25-hour fall-back days', () => {
    const newYork = new ZoneClock('America/New_York');
    const springDay = newYork.startOfDay('2026-03-09') - newYork.startOfDay('2026-03-08');
    const autumnDay = newYork.startOfDay('2026-11-02') - newYork.startOfDay('2026-11-01');
    expect(springDay / HOUR).toBe(23);
    expect(autumnDay / HOUR).toBe(25);
    expect(newYork.startOfDay('2026-03-08')).toBe(at('2026-03-08T05:00:00Z'));
    expect(newYork.startOfDay('2026-11-02')).toBe(at('2026-11-02T05:00:00Z'));
    // 02:30 never happens on the spring day; 01:30 happens twice on the autumn one.
    expect(newYork.fromCivil(at('2026-03-08T02:30:00Z'))).toBe(at('2026-03-08T07:00:00Z'));
    expect(newYork.fromCivil(at('2026-11-01T01:30:00Z'))).toBe(at('2026-11-01T05:30:00Z'));
  });

  it('keeps a fixed offset and Taipei at 24-hour days all year', () => {
    for (const zone of ['+08:00', 'Asia/Taipei']) {
      const clock = new ZoneClock(zone);
      for (const [day, next] of [
        ['2026-03-08', '2026-03-09'],
        ['2026-11-01', '2026-11-02'],
      ] as const) {
        expect(clock.startOfDay(next) - clock.startOfDay(day)).toBe(DAY_MS);
      }
      expect(clock.startOfDay('2026-11-21')).toBe(at('2026-11-20T16:00:00Z'));
      expect(clock.formatIso(at('2026-07-01T06:03:05Z'))).toBe('2026-07-01T14:03:05+08:00');
    }
  });

  it('rejects an unknown zone', () => {
    expect(() => new ZoneClock('Mars/Olympus')).toThrow(RangeError);
  });
});

describe('formatFactoryLocalIso', () => {
  it('formats Taipei local time with its +08:00 offset and no milliseconds', () => {
    expect(formatFactoryLocalIso(new Date('2026-11-21T06:03:05.987Z'), 'Asia/Taipei')).toBe(
      '2026-11-21T14:03:05+08:00',
    );
  });

  it('rolls over the date at local midnight, not UTC midnight', () => {
    expect(formatFactoryLocalIso(new Date('2026-12-31T16:00:00Z'), 'Asia/Taipei')).toBe(
      '2027-01-01T00:00:00+08:00',
    );
  });

  it('follows daylight saving in New York (EDT -04:00 in summer, EST -05:00 in winter)', () => {
    expect(formatFactoryLocalIso(new Date('2026-07-01T12:00:00Z'), 'America/New_York')).toBe(
      '2026-07-01T08:00:00-04:00',
    );
    expect(formatFactoryLocalIso(new Date('2026-01-15T12:00:00Z'), 'America/New_York')).toBe(
      '2026-01-15T07:00:00-05:00',
    );
  });

  it('changes offset exactly at the Berlin spring-forward instant', () => {
    // 2026-03-29 01:00 UTC: 02:00 CET jumps to 03:00 CEST.
    expect(formatFactoryLocalIso(new Date('2026-03-29T00:59:59Z'), 'Europe/Berlin')).toBe(
      '2026-03-29T01:59:59+01:00',
    );
    expect(formatFactoryLocalIso(new Date('2026-03-29T01:00:00Z'), 'Europe/Berlin')).toBe(
      '2026-03-29T03:00:00+02:00',
    );
  });

  it('writes UTC as +00:00 and half-hour zones with their minutes', () => {
    expect(formatFactoryLocalIso(new Date('2026-05-05T10:20:30Z'), 'UTC')).toBe(
      '2026-05-05T10:20:30+00:00',
    );
    expect(formatFactoryLocalIso(new Date('2026-05-05T10:20:30Z'), 'Asia/Kolkata')).toBe(
      '2026-05-05T15:50:30+05:30',
    );
  });

  it('shows midnight as 00, never 24', () => {
    expect(formatFactoryLocalIso(new Date('2026-05-04T16:00:00Z'), 'Asia/Taipei')).toBe(
      '2026-05-05T00:00:00+08:00',
    );
  });

  it('rejects an unknown zone', () => {
    expect(isValidTimeZone('Asia/Taipei')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(isValidTimeZone(480)).toBe(false);
    expect(() => formatFactoryLocalIso(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });

  it('writes a fixed-offset zone with its own offset', () => {
    expect(formatFactoryLocalIso(new Date('2026-11-21T06:03:05Z'), '+08:00')).toBe(
      '2026-11-21T14:03:05+08:00',
    );
    expect(formatFactoryLocalIso(new Date('2026-11-21T06:03:05Z'), '-03:30')).toBe(
      '2026-11-21T02:33:05-03:30',
    );
  });
});

describe('startOfLocalDate', () => {
  it('agrees with ZoneClock.startOfDay, on normal, DST and skipped-midnight days', () => {
    for (const [zone, date] of [
      ['Asia/Taipei', '2026-11-21'],
      ['Europe/Berlin', '2026-03-29'],
      ['Europe/Berlin', '2026-10-25'],
      ['America/Santiago', '2026-09-06'],
      ['America/New_York', '2026-03-08'],
      ['America/New_York', '2026-11-01'],
      ['+08:00', '2026-11-21'],
    ] as const) {
      const [y, m, d] = date.split('-').map(Number) as [number, number, number];
      expect(startOfLocalDate(y, m, d, zone)).toBe(new ZoneClock(zone).startOfDay(date));
    }
  });
});

describe('localClock (the simulator)', () => {
  it('reads the local clock and weekday of an instant', () => {
    const clock = localClock(Date.parse('2026-11-21T06:03:00Z'), 'Asia/Taipei');
    expect(clock.hour).toBeCloseTo(14.05, 5);
    expect(clock.weekday).toBe(6); // Saturday
    expect(clock.dayOfYear).toBe(325);
  });

  it('follows daylight saving: the same UTC time is an hour apart in summer and winter', () => {
    const zone = 'America/New_York';
    // Summer (EDT, UTC−4): 10:30Z is 06:30 local; winter (EST, UTC−5): 10:30Z is 05:30 local.
    expect(localClock(Date.parse('2026-07-15T10:30:00Z'), zone).hour).toBeCloseTo(6.5, 5);
    expect(localClock(Date.parse('2026-01-14T10:30:00Z'), zone).hour).toBeCloseTo(5.5, 5);
  });
});
