import { announcementForm } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { blankAnnouncement, defaultEndFor } from './announcement-form';

describe('defaultEndFor', () => {
  it('is 7 days after the start, same time of day', () => {
    expect(defaultEndFor('2026-11-21T08:30')).toBe('2026-11-28T08:30');
  });

  it('crosses month and year ends', () => {
    expect(defaultEndFor('2026-12-28T23:59')).toBe('2027-01-04T23:59');
    expect(defaultEndFor('2028-02-25T00:00')).toBe('2028-03-03T00:00');
  });

  it('keeps the wall clock across a DST change (no zone arithmetic)', () => {
    expect(defaultEndFor('2026-03-05T09:00')).toBe('2026-03-12T09:00');
  });

  it('is null for an empty or unreadable start', () => {
    expect(defaultEndFor('')).toBeNull();
    expect(defaultEndFor('2026-11-21')).toBeNull();
    expect(defaultEndFor('2026-13-45T99:99')).toBeNull();
  });
});

describe('blankAnnouncement', () => {
  const now = new Date('2026-11-21T06:03:45Z');

  it("starts at the current minute in the factory's zone and ends a week later", () => {
    expect(blankAnnouncement(now, 'Asia/Taipei')).toEqual({
      title: '',
      content: '',
      isImportant: false,
      dtStart: '2026-11-21T14:03',
      dtEnd: '2026-11-28T14:03',
    });
    expect(blankAnnouncement(now, '+00:00').dtStart).toBe('2026-11-21T06:03');
  });

  it("uses this PC's zone when the factory's is not known yet", () => {
    const local = new Date(2026, 10, 21, 9, 15, 30);
    expect(blankAnnouncement(local, null)).toMatchObject({
      dtStart: '2026-11-21T09:15',
      dtEnd: '2026-11-28T09:15',
    });
  });

  it('passes the contract once title and content are filled in', () => {
    const values = { ...blankAnnouncement(now, 'Asia/Taipei'), title: 'T', content: 'C' };
    expect(announcementForm.safeParse(values).success).toBe(true);
  });
});
