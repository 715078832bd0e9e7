import { describe, expect, it } from 'vitest';
import { formatWallClock, localDateOf, wallClock } from './index.ts';

const at = (iso: string) => Date.parse(iso);
const show = (iso: string, zone: string | null, pattern = 'yyyy/MM/dd HH:mm:ss') =>
  formatWallClock(wallClock(at(iso), zone), pattern);

describe('formatWallClock', () => {
  const parts = { year: 2026, month: 3, day: 8, hour: 7, minute: 5, second: 9 };

  it('writes the app’s date patterns', () => {
    expect(formatWallClock(parts, 'yyyy/MM/dd')).toBe('2026/03/08');
    expect(formatWallClock(parts, 'yyyy/MM/dd HH:mm')).toBe('2026/03/08 07:05');
    expect(formatWallClock(parts, 'yyyy/MM/dd HH:mm:ss')).toBe('2026/03/08 07:05:09');
    expect(formatWallClock(parts, 'HH:mm')).toBe('07:05');
    expect(formatWallClock(parts, 'HH:mm:ss')).toBe('07:05:09');
    expect(formatWallClock(parts, 'dd MMM yyyy')).toBe('08 Mar 2026');
    expect(formatWallClock(parts, 'yyyy/MM')).toBe('2026/03');
  });

  it('keeps quoted text and every other character as written', () => {
    expect(formatWallClock(parts, "yyyy-MM-dd'T'HH:mm")).toBe('2026-03-08T07:05');
    expect(formatWallClock(parts, 'MM/dd (HH)')).toBe('03/08 (07)');
  });

  it('names every month in English', () => {
    const months = Array.from({ length: 12 }, (_, i) =>
      formatWallClock({ ...parts, month: i + 1 }, 'MMM'),
    );
    expect(months.join(' ')).toBe('Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec');
  });

  it('refuses a pattern letter it does not know', () => {
    expect(() => formatWallClock(parts, 'yyyy/MM/dd hh:mm a')).toThrow(RangeError);
  });
});

describe('wallClock', () => {
  it('reads Taipei local time, rolling the date over at local midnight', () => {
    expect(show('2026-11-21T06:03:05.987Z', 'Asia/Taipei')).toBe('2026/11/21 14:03:05');
    expect(show('2026-12-31T16:00:00Z', 'Asia/Taipei')).toBe('2027/01/01 00:00:00');
  });

  it('reads a fixed offset as the same clock all year', () => {
    expect(show('2026-11-21T06:03:05Z', '+08:00')).toBe('2026/11/21 14:03:05');
    expect(show('2026-07-01T06:03:05Z', '+08:00')).toBe('2026/07/01 14:03:05');
    expect(show('2026-07-01T06:03:05Z', '-03:30')).toBe('2026/07/01 02:33:05');
    expect(show('2026-07-01T06:03:05Z', '+00:00')).toBe('2026/07/01 06:03:05');
  });

  it('jumps an hour ahead when New York springs forward (a 23-hour day)', () => {
    // 2026-03-08: 02:00 EST becomes 03:00 EDT at 07:00 UTC.
    expect(show('2026-03-08T06:59:59Z', 'America/New_York')).toBe('2026/03/08 01:59:59');
    expect(show('2026-03-08T07:00:00Z', 'America/New_York')).toBe('2026/03/08 03:00:00');
    expect(show('2026-03-09T03:59:59Z', 'America/New_York')).toBe('2026/03/08 23:59:59');
  });

  it('repeats an hour when New York falls back (a 25-hour day)', () => {
    // 2026-11-01: 02:00 EDT becomes 01:00 EST at 06:00 UTC, so 01:30 happens twice.
    expect(show('2026-11-01T05:30:00Z', 'America/New_York')).toBe('2026/11/01 01:30:00');
    expect(show('2026-11-01T06:30:00Z', 'America/New_York')).toBe('2026/11/01 01:30:00');
    expect(show('2026-11-02T04:59:59Z', 'America/New_York')).toBe('2026/11/01 23:59:59');
  });

  it('uses this PC clock when no zone is known', () => {
    const instant = new Date(2026, 10, 21, 14, 3, 5).getTime();
    expect(formatWallClock(wallClock(instant, null), 'yyyy/MM/dd HH:mm:ss')).toBe(
      '2026/11/21 14:03:05',
    );
  });

  it('rejects an unknown zone', () => {
    expect(() => wallClock(0, 'Mars/Olympus')).toThrow(RangeError);
  });
});

describe('localDateOf', () => {
  it('is the factory’s day, not UTC’s', () => {
    const lateEveningUtc = at('2026-11-21T20:00:00Z');
    expect(localDateOf(lateEveningUtc, 'Asia/Taipei')).toBe('2026-11-22');
    expect(localDateOf(lateEveningUtc, 'America/New_York')).toBe('2026-11-21');
    expect(localDateOf(lateEveningUtc, '+08:00')).toBe('2026-11-22');
  });

  it('is this PC’s day without a zone', () => {
    expect(localDateOf(new Date(2026, 0, 1, 0, 0).getTime(), null)).toBe('2026-01-01');
  });
});
