import { ANNOUNCEMENT_MESSAGES, announcementForm } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import {
  announcementMessageKey,
  blankAnnouncement,
  defaultEndFor,
  hasBlankTitleOrContent,
} from './announcement-form';

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

describe('hasBlankTitleOrContent', () => {
  it('flags a missing or whitespace-only title or content', () => {
    expect(hasBlankTitleOrContent({ title: '', content: 'x' })).toBe(true);
    expect(hasBlankTitleOrContent({ title: 'x', content: '  \n' })).toBe(true);
    expect(hasBlankTitleOrContent({ title: ' ', content: ' ' })).toBe(true);
    expect(hasBlankTitleOrContent({ title: 'x', content: 'y' })).toBe(false);
  });
});

describe('announcementMessageKey', () => {
  it('maps every contract message to a key holding exactly the contract text in English', () => {
    const errors = en.announcementForm.errors as Record<string, string>;
    for (const message of Object.values(ANNOUNCEMENT_MESSAGES)) {
      const key = announcementMessageKey('title', message) ?? '';
      const leaf = key.replace('announcementForm.errors.', '');
      expect(errors[leaf]).toBe(message);
    }
  });

  it('translates the contract messages and reads other date problems as a missing date', () => {
    expect(announcementMessageKey('dtEnd', ANNOUNCEMENT_MESSAGES.endAfterStart)).toBe(
      'announcementForm.errors.endAfterStart',
    );
    expect(announcementMessageKey('title', ANNOUNCEMENT_MESSAGES.titleRequired)).toBe(
      'announcementForm.errors.titleRequired',
    );
    expect(announcementMessageKey('dtStart', 'Invalid input')).toBe(
      'announcementForm.errors.invalidDate',
    );
    expect(announcementMessageKey('content', 'odd')).toBe('announcementForm.errors.invalidValue');
    expect(announcementMessageKey('content', undefined)).toBeNull();
  });

  it('reads other date problems as an invalid date, anything else as an invalid value', () => {
    expect(announcementMessageKey('dtEnd', 'Expected a date')).toBe(
      'announcementForm.errors.invalidDate',
    );
    expect(announcementMessageKey('dtStart', 'x')).toBe('announcementForm.errors.invalidDate');
    expect(announcementMessageKey('title', 'Too long')).toBe(
      'announcementForm.errors.invalidValue',
    );
  });
});
