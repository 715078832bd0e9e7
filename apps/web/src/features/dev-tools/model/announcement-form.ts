import { ANNOUNCEMENT_MESSAGES } from '@wattboard/contract';
import type { AnnouncementFormValues } from '@/lib/announcement-form';

/** The test screen's own check (spec §5), besides the contract's per-field messages. */
export function hasBlankTitleOrContent(values: { title: string; content: string }): boolean {
  return values.title.trim() === '' || values.content.trim() === '';
}

const messageKeys: Record<string, string> = {
  [ANNOUNCEMENT_MESSAGES.titleRequired]: 'devTools.errors.titleRequired',
  [ANNOUNCEMENT_MESSAGES.contentRequired]: 'devTools.errors.contentRequired',
  [ANNOUNCEMENT_MESSAGES.endAfterStart]: 'devTools.errors.endAfterStart',
  [ANNOUNCEMENT_MESSAGES.titleAndContentRequired]: 'devTools.errors.titleAndContentRequired',
  [ANNOUNCEMENT_MESSAGES.titleTooLong]: 'devTools.errors.titleTooLong',
  [ANNOUNCEMENT_MESSAGES.contentTooLong]: 'devTools.errors.contentTooLong',
};

/**
 * The translation key for a contract message (their English texts are the
 * spec's, kept exactly in en.json); any other problem of a date field reads
 * as an invalid date, anything else as an invalid value.
 */
export function announcementMessageKey(
  field: keyof AnnouncementFormValues,
  message: string,
): string {
  const known = messageKeys[message];
  if (known) return known;
  return field === 'dtStart' || field === 'dtEnd'
    ? 'devTools.errors.invalidDate'
    : 'devTools.errors.invalidValue';
}
