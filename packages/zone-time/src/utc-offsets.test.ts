import { describe, expect, it } from 'vitest';
import { fixedOffsetMs, formatUtcOffset, parseUtcOffset } from './index.ts';

describe('parseUtcOffset', () => {
  it('reads the offset written at the end of an ISO date-time', () => {
    expect(parseUtcOffset('2026-11-21T14:03:05+08:00')).toBe('+08:00');
    expect(parseUtcOffset('2026-11-21T14:03:05.123-0330')).toBe('-03:30');
    expect(parseUtcOffset('2026-11-21T06:03:05Z')).toBe('+00:00');
  });

  it('answers null when there is no offset', () => {
    expect(parseUtcOffset('2026-11-21T14:03:05')).toBeNull();
    expect(parseUtcOffset('')).toBeNull();
  });
});

describe('fixedOffsetMs', () => {
  it('reads a fixed-offset zone, with or without the colon', () => {
    expect(fixedOffsetMs('+08:00')).toBe(8 * 3_600_000);
    expect(fixedOffsetMs('-0330')).toBe(-3.5 * 3_600_000);
    expect(fixedOffsetMs('+00:00')).toBe(0);
  });

  it('is null for a zone name', () => {
    expect(fixedOffsetMs('Asia/Taipei')).toBeNull();
    expect(fixedOffsetMs('UTC')).toBeNull();
    expect(fixedOffsetMs('+8')).toBeNull();
  });
});

describe('formatUtcOffset', () => {
  it('writes hours and minutes with a sign, UTC as +00:00', () => {
    expect(formatUtcOffset(28_800_000)).toBe('+08:00');
    expect(formatUtcOffset(-16_200_000)).toBe('-04:30');
    expect(formatUtcOffset(19_800_000)).toBe('+05:30');
    expect(formatUtcOffset(0)).toBe('+00:00');
  });

  it('round-trips what fixedOffsetMs reads', () => {
    for (const zone of ['+08:00', '-03:30', '+14:00', '-12:00']) {
      expect(formatUtcOffset(fixedOffsetMs(zone)!)).toBe(zone);
    }
  });
});
