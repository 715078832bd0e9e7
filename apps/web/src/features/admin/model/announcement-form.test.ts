import { ANNOUNCEMENT_MESSAGES } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { announcementMessageKey } from './announcement-form';

describe('admin announcement form', () => {
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
