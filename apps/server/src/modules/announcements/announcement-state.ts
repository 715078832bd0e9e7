import type { AnnouncementState } from '@wattboard/contract';

/** Scheduled before its start, active in [start, end), ended from its end on. Pure. */
export function announcementStateAt(start: Date, end: Date, now: Date): AnnouncementState {
  if (now.getTime() < start.getTime()) return 'scheduled';
  return now.getTime() < end.getTime() ? 'active' : 'ended';
}

/**
 * Ending now: an active one ends at `now`; a scheduled one is cancelled (its
 * period becomes [now - 1 ms, now), which reads as ended and keeps end > start).
 */
export function endedPeriod(start: Date, now: Date): { start: Date; end: Date } {
  return {
    start: start.getTime() < now.getTime() ? start : new Date(now.getTime() - 1),
    end: now,
  };
}
