import { ANNOUNCEMENT_MESSAGES } from '@wattboard/contract';
import type { AnnouncementFormValues } from '@/lib/announcement-form';

const KEYS: Record<string, string> = {
  [ANNOUNCEMENT_MESSAGES.titleRequired]: 'titleRequired',
  [ANNOUNCEMENT_MESSAGES.contentRequired]: 'contentRequired',
  [ANNOUNCEMENT_MESSAGES.endAfterStart]: 'endAfterStart',
  [ANNOUNCEMENT_MESSAGES.titleTooLong]: 'titleTooLong',
  [ANNOUNCEMENT_MESSAGES.contentTooLong]: 'contentTooLong',
};

/** Spec §5's messages in the page's language; a date field's other problems read as "enter a date". */
export function announcementMessageKey(
  field: keyof AnnouncementFormValues,
  message: string | undefined,
): string | null {
  if (!message) return null;
  const known = KEYS[message];
  if (known) return `admin.announcements.errors.${known}`;
  return field === 'dtStart' || field === 'dtEnd'
    ? 'admin.announcements.errors.invalidDate'
    : 'admin.validation.invalid';
}
