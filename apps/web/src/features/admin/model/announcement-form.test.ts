import { ANNOUNCEMENT_MESSAGES, announcementForm } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { announcementMessageKey, blankAnnouncement, defaultEndFor } from './announcement-form';

describe('admin announcement form', () => {
  it('starts now on the factory clock and ends 7 days later at the same time', () => {
    const now = new Date('2026-03-07T18:30:00Z');
    expect(blankAnnouncement(now, 'Asia/Taipei')).toEqual({
      title: '',
      content: '',
      isImportant: false,
      dtStart: '2026-03-08T02:30',
      dtEnd: '2026-03-15T02:30',
    });
    // Across a DST change the wall-clock time is kept.
    expect(defaultEndFor('2026-03-05T09:00')).toBe('2026-03-12T09:00');
    expect(defaultEndFor('not a date')).toBeNull();
  });

  it('is accepted by the contract once filled', () => {
    const values = {
      ...blankAnnouncement(new Date('2026-03-07T18:30:00Z'), 'UTC'),
      title: 'T',
      content: 'C',
    };
    expect(announcementForm.safeParse(values).success).toBe(true);
  });

  it('translates the spec messages and reads other date problems as a missing date', () => {
    expect(announcementMessageKey('dtEnd', ANNOUNCEMENT_MESSAGES.endAfterStart)).toBe(
      'admin.announcements.errors.endAfterStart',
    );
    expect(announcementMessageKey('title', ANNOUNCEMENT_MESSAGES.titleRequired)).toBe(
      'admin.announcements.errors.titleRequired',
    );
    expect(announcementMessageKey('dtStart', 'Invalid input')).toBe(
      'admin.announcements.errors.invalidDate',
    );
    expect(announcementMessageKey('content', 'odd')).toBe('admin.validation.invalid');
    expect(announcementMessageKey('content', undefined)).toBeNull();
  });
});
