import { describe, expect, it } from 'vitest';
import {
  announcementPeriod,
  canCreateAnnouncement,
  isActiveAt,
} from '../../src/modules/announcements/rules.ts';

describe('announcement rules', () => {
  it('lets the Admin user create, and anyone signed in only with dev tools', () => {
    expect(canCreateAnnouncement('Admin', false)).toBe(true);
    expect(canCreateAnnouncement('admin', false)).toBe(false);
    expect(canCreateAnnouncement('demo', false)).toBe(false);
    expect(canCreateAnnouncement('demo', true)).toBe(true);
  });

  it('is active from its start up to, not including, its end', () => {
    const start = new Date('2026-11-21T00:00:00Z');
    const end = new Date('2026-11-28T00:00:00Z');
    expect(isActiveAt(start, end, new Date('2026-11-20T23:59:59Z'))).toBe(false);
    expect(isActiveAt(start, end, start)).toBe(true);
    expect(isActiveAt(start, end, new Date('2026-11-27T23:59:59Z'))).toBe(true);
    expect(isActiveAt(start, end, end)).toBe(false);
  });

  it("reads days and local date-times on the factory's clock, offsets as given", () => {
    expect(announcementPeriod('2026-11-21', '2026-11-28T09:30', 'Asia/Taipei')).toEqual({
      start: new Date('2026-11-20T16:00:00Z'),
      end: new Date('2026-11-28T01:30:00Z'),
    });
    expect(
      announcementPeriod('2026-11-21T08:00:00Z', '2026-11-21T10:00:00+02:00', 'Asia/Taipei'),
    ).toEqual({
      start: new Date('2026-11-21T08:00:00Z'),
      end: new Date('2026-11-21T08:00:00Z'),
    });
  });

  it('follows daylight saving when reading a local start', () => {
    const { start, end } = announcementPeriod(
      '2026-03-28T12:00',
      '2026-03-29T12:00',
      'Europe/Berlin',
    );
    expect(start.toISOString()).toBe('2026-03-28T11:00:00.000Z');
    expect(end.toISOString()).toBe('2026-03-29T10:00:00.000Z');
  });
});
