import { describe, expect, it } from 'vitest';
import { formatFactoryLocalIso, isValidTimeZone } from '../../src/domain/factory-time.ts';

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
    expect(() => formatFactoryLocalIso(new Date(), 'Mars/Olympus')).toThrow(RangeError);
  });
});
