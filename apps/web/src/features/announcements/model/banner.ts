import { formatInstant } from '@/lib/format';

/**
 * Where the closed announcement's id is kept. The banner stays
 * visible until the user closes it; remembering the id keeps that one closed
 * across reloads while a newer announcement (another id) shows again.
 */
export const DISMISSED_ANNOUNCEMENT_KEY = 'wattboard.dismissedAnnouncementId';

export function readDismissedId(storage: Storage = localStorage): string | null {
  return storage.getItem(DISMISSED_ANNOUNCEMENT_KEY);
}

export function rememberDismissed(id: number, storage: Storage = localStorage): void {
  storage.setItem(DISMISSED_ANNOUNCEMENT_KEY, String(id));
}

/** Shown when there is an announcement with text that the user has not closed. */
export function isBannerVisible(
  announcement: { id: number; text: string } | null | undefined,
  dismissedId: string | null,
): announcement is { id: number; text: string } {
  if (!announcement || announcement.text.trim() === '') return false;
  return String(announcement.id) !== dismissedId;
}

/**
 * The publication day as yyyy/MM/dd, in the factory's zone
 * when known, else this PC's; an unreadable date is shown as it came.
 */
export function formatPublishedDate(publishedDate: string, zone: string | null): string {
  const instant = Date.parse(publishedDate);
  if (Number.isNaN(instant)) return publishedDate;
  return formatInstant(instant, zone, 'date');
}
