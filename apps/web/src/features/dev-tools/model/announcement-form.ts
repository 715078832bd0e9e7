import { TZDate } from '@date-fns/tz';
import { ANNOUNCEMENT_MESSAGES, defaultAnnouncementEnd } from '@wattboard/contract';
import type { AnnouncementForm } from '@wattboard/contract';
import { format } from 'date-fns';

/** What the form holds: every field present (the contract makes isImportant optional). */
export type AnnouncementFormValues = Required<AnnouncementForm>;

/** The value format of <input type="datetime-local">, which the contract accepts as factory-local. */
const WALL_CLOCK = "yyyy-MM-dd'T'HH:mm";
const WALL_CLOCK_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

/**
 * Spec §5's default end, 7 days after the start, on the wall clock: the
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
 * factory's zone (offset-less times are read there, DESIGN §4), or this PC's
 * when the zone is not known yet; the end follows spec §5's default.
 */
export function defaultAnnouncementValues(now: Date, zone: string | null): AnnouncementFormValues {
  const dtStart = format(zone ? new TZDate(now.getTime(), zone) : now, WALL_CLOCK);
  return {
    title: '',
    content: '',
    isImportant: false,
    dtStart,
    dtEnd: defaultEndFor(dtStart) ?? dtStart,
  };
}

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
