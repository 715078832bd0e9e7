import { ANNOUNCEMENT_MESSAGES, defaultAnnouncementEnd } from '@wattboard/contract';
import type { AnnouncementForm } from '@wattboard/contract';
import { formatWallClock, wallClock } from '@wattboard/zone-time';

/**
 * The announcement form shared by the Admin page and the developer test
 * screen: every field present (the contract makes isImportant optional), the
 * dates as <input type="datetime-local"> values on the factory's wall clock.
 */
export type AnnouncementFormValues = Required<AnnouncementForm>;

const WALL_CLOCK = "yyyy-MM-dd'T'HH:mm";
const WALL_CLOCK_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/**
 * The default end, 7 days after the start, on the wall clock: the
 * start is read as if it were UTC so the arithmetic ignores zones and DST,
 * and the end keeps the start's time of day. null when the start is unreadable.
 */
export function defaultEndFor(start: string): string | null {
  if (!WALL_CLOCK_PATTERN.test(start)) return null;
  const startAsUtc = new Date(`${start}:00Z`);
  if (Number.isNaN(startAsUtc.getTime())) return null;
  return defaultAnnouncementEnd(startAsUtc).toISOString().slice(0, 16);
}

/**
 * A blank form starting now: the start is the current minute in the
 * factory's zone (offset-less times are read there), or this PC's
 * when the zone is not known yet; the end is 7 days later.
 */
export function blankAnnouncement(now: Date, zone: string | null): AnnouncementFormValues {
  const dtStart = formatWallClock(wallClock(now.getTime(), zone), WALL_CLOCK);
  return {
    title: '',
    content: '',
    isImportant: false,
    dtStart,
    dtEnd: defaultEndFor(dtStart) ?? dtStart,
  };
}

/** The test screen's own check, besides the contract's per-field messages. */
export function hasBlankTitleOrContent(values: { title: string; content: string }): boolean {
  return values.title.trim() === '' || values.content.trim() === '';
}

const MESSAGE_KEYS: Record<string, string> = {
  [ANNOUNCEMENT_MESSAGES.titleRequired]: 'titleRequired',
  [ANNOUNCEMENT_MESSAGES.contentRequired]: 'contentRequired',
  [ANNOUNCEMENT_MESSAGES.endAfterStart]: 'endAfterStart',
  [ANNOUNCEMENT_MESSAGES.titleAndContentRequired]: 'titleAndContentRequired',
  [ANNOUNCEMENT_MESSAGES.titleTooLong]: 'titleTooLong',
  [ANNOUNCEMENT_MESSAGES.contentTooLong]: 'contentTooLong',
};

/**
 * The translation key for a field's message: a contract message has its own
 * (its English text kept exactly in en.json); any other problem of a date
 * field reads as an invalid date, anything else as an invalid value. null
 * when there is no message.
 */
export function announcementMessageKey(
  field: keyof AnnouncementFormValues,
  message: string | undefined,
): string | null {
  if (!message) return null;
  const known = MESSAGE_KEYS[message];
  if (known) return `announcementForm.errors.${known}`;
  return field === 'dtStart' || field === 'dtEnd'
    ? 'announcementForm.errors.invalidDate'
    : 'announcementForm.errors.invalidValue';
}
