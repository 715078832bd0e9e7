/**
 * Rules of announcements (docs/decisions/0028-announcements.md). Pure.
 */
import { ZoneClock } from '@wattboard/zone-time';
import { resolveBound } from '../monitor/index.ts';
import { ADMIN_USERNAME } from '../auth/index.ts';

export const CREATE_FORBIDDEN_MESSAGE =
  'Only the Admin user can create announcements (or enable dev tools with DEV_TOOLS=1).';

/**
 * Creating an announcement is for the Admin user; with dev tools on anyone
 * signed in may (the developer test screen creates them).
 */
export function canCreateAnnouncement(username: string, devTools: boolean): boolean {
  return devTools || username === ADMIN_USERNAME;
}

/** Shown from its start until just before its end: [start, end). */
export function isActiveAt(start: Date, end: Date, now: Date): boolean {
  return start.getTime() <= now.getTime() && now.getTime() < end.getTime();
}

/**
 * The form's dtStart/dtEnd as instants. A date-time with an offset is
 * absolute; a bare day or a date-time without an offset is read on the
 * factory's wall clock, a bare day as its local midnight.
 */
export function announcementPeriod(
  dtStart: string,
  dtEnd: string,
  timeZone: string,
): { start: Date; end: Date } {
  const clock = new ZoneClock(timeZone);
  return {
    start: new Date(resolveBound(dtStart, clock, 'start')),
    end: new Date(resolveBound(dtEnd, clock, 'start')),
  };
}
