import { ANNOUNCEMENT_MESSAGES } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import en from '@/locales/en.json';
import { announcementMessageKey, hasBlankTitleOrContent } from './announcement-form';

describe('hasBlankTitleOrContent', () => {
  it('flags a missing or whitespace-only title or content', () => {
    expect(hasBlankTitleOrContent({ title: '', content: 'x' })).toBe(true);
    expect(hasBlankTitleOrContent({ title: 'x', content: '  \n' })).toBe(true);
    expect(hasBlankTitleOrContent({ title: ' ', content: ' ' })).toBe(true);
    expect(hasBlankTitleOrContent({ title: 'x', content: 'y' })).toBe(false);
  });
});

describe('announcementMessageKey', () => {
  it('maps every contract message to a key holding exactly the spec text in English', () => {
    const devTools = en.devTools as unknown as { errors: Record<string, string> };
    for (const message of Object.values(ANNOUNCEMENT_MESSAGES)) {
      const key = announcementMessageKey('title', message);
      const leaf = key.replace('devTools.errors.', '');
      expect(devTools.errors[leaf]).toBe(message);
    }
  });

  it('reads other date problems as an invalid date, anything else as an invalid value', () => {
    expect(announcementMessageKey('dtEnd', 'Expected a date')).toBe('devTools.errors.invalidDate');
    expect(announcementMessageKey('dtStart', 'x')).toBe('devTools.errors.invalidDate');
    expect(announcementMessageKey('title', 'Too long')).toBe('devTools.errors.invalidValue');
  });
});
