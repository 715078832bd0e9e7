import { TZDate } from '@date-fns/tz';
import { defaultAnnouncementEnd } from '@wattboard/contract';
import type { AnnouncementForm } from '@wattboard/contract';
import { format } from 'date-fns';

/**
 * The announcement form shared by the Admin page and the dev tools' test
 * screen: every field present (the contract makes isImportant optional), the
 * dates as <input type="datetime-local"> values on the factory's wall clock.
 */
export type AnnouncementFormValues = Required<AnnouncementForm>;

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
