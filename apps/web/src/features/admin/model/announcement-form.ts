import { TZDate } from '@date-fns/tz';
import { ANNOUNCEMENT_MESSAGES, defaultAnnouncementEnd } from '@wattboard/contract';
import { format } from 'date-fns';

/** The admin form: the contract's fields with the dates as datetime-local values (factory wall clock). */
export interface AnnouncementFormValues {
  title: string;
  content: string;
  isImportant: boolean;
  dtStart: string;
  dtEnd: string;
}

const WALL_CLOCK = "yyyy-MM-dd'T'HH:mm";
const WALL_CLOCK_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/** Spec §9: the end defaults to 7 days after the start, same wall-clock time. null if unreadable. */
export function defaultEndFor(start: string): string | null {
  if (!WALL_CLOCK_PATTERN.test(start)) return null;
  const startAsUtc = new Date(`${start}:00Z`);
  if (Number.isNaN(startAsUtc.getTime())) return null;
  return defaultAnnouncementEnd(startAsUtc).toISOString().slice(0, 16);
}

/** A blank form starting this minute on the factory clock (this PC's until the zone is known). */
export function blankAnnouncement(now: Date, zone: string | null): AnnouncementFormValues {
  const dtStart = format(zone ? new TZDate(now.getTime(), zone) : now, WALL_CLOCK);
  return {
    title: '',
    content: '',
    isImportant: false,
    dtStart,
    dtEnd: defaultEndFor(dtStart) ?? dtStart,
  };
}

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
