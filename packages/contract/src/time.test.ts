import { describe, expect, it } from 'vitest';
import { clockTime, dateOrDateTime, ianaTimeZone, isOrderedRange, localDate } from './time.ts';

describe('isOrderedRange', () => {
  it('allows a range within one day and a later end', () => {
    expect(isOrderedRange('2026-11-21', '2026-11-21')).toBe(true);
    expect(isOrderedRange('2026-11-21', '2026-11-22')).toBe(true);
  });

  it('rejects an end before the start', () => {
    expect(isOrderedRange('2026-11-21', '2026-11-20')).toBe(false);
    expect(isOrderedRange('2026-11-21T10:00', '2026-11-21T09:59')).toBe(false);
  });

  it('needs the end strictly after the start when strict', () => {
    expect(isOrderedRange('2026-11-21T10:00', '2026-11-21T10:00', true)).toBe(false);
    expect(isOrderedRange('2026-11-21T10:00', '2026-11-21T10:01', true)).toBe(true);
  });

  it('compares a bare day as its midnight', () => {
    expect(isOrderedRange('2026-11-21', '2026-11-21T00:00', true)).toBe(false);
    expect(isOrderedRange('2026-11-21', '2026-11-21T00:30', true)).toBe(true);
  });

  it('leaves unparsable bounds to the format checks', () => {
    expect(isOrderedRange('soon', '2026-11-21')).toBe(true);
  });
});

describe('date and time formats', () => {
  it('reads days as yyyy-MM-dd, real calendar days only', () => {
    expect(localDate.safeParse('2028-02-29').success).toBe(true);
    expect(localDate.safeParse('2026-02-29').success).toBe(false);
    expect(localDate.safeParse('21/11/2026').success).toBe(false);
  });

  it('takes a day or an ISO date-time for range bounds', () => {
    for (const value of [
      '2026-11-21',
      '2026-11-21T08:00',
      '2026-11-21T08:00:00+08:00',
      '2026-11-21T00:00:00.000Z',
    ]) {
      expect(dateOrDateTime.safeParse(value).success).toBe(true);
    }
    expect(dateOrDateTime.safeParse('2026-11-21 08:00').error?.issues[0]?.message).toBe(
      'Expected a date (yyyy-MM-dd) or an ISO 8601 date-time',
    );
  });

  it('reads times of day as HH:mm, with 24:00 as the end of a day', () => {
    for (const value of ['00:00', '08:30', '23:59', '24:00'])
      expect(clockTime.safeParse(value).success).toBe(true);
    for (const value of ['24:01', '8:30', '12:60', '12:00:00'])
      expect(clockTime.safeParse(value).success).toBe(false);
  });

  it('knows IANA zones', () => {
    expect(ianaTimeZone.safeParse('Asia/Taipei').success).toBe(true);
    expect(ianaTimeZone.safeParse('Europe/Berlin').success).toBe(true);
    expect(ianaTimeZone.safeParse('Mars/Olympus').success).toBe(false);
  });
});
