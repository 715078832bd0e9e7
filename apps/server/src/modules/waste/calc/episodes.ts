import type { PointView } from './point-view.ts';
import { perWeek, QUARTER_MS, type WasteFinding } from './types.ts';

/** A run of abnormal off-hours quarters: indices into the point's timeline, inclusive. */
export interface Episode {
  first: number;
  last: number;
  /** Abnormal quarters in the run (bridged quarters not counted). */
  abnormal: number;
  kwh: number;
  meanExcessKw: number;
}

/** Shorter runs are a spike, a cycling motor, a lamp at dusk: an hour at least. */
export const MIN_EPISODE_QUARTERS = 4;
/** Up to this many quarters (normal or missing) inside a run do not end it: a gap, a dip. */
export const BRIDGE_QUARTERS = 2;
/** If this many of a day's reference days had a like episode, it is the point's habit, not news. */
export const HABIT_DAYS = 2;
/** "Like": at least this share of the episode's mean excess. */
const LIKE_SHARE = 0.5;
/** An overrun starts within this many quarters after a shift's end... */
const OVERRUN_START_QUARTERS = 2;
/** ...stops at least this long before the next shift (else it was left on, not late)... */
const OVERRUN_CLEAR_QUARTERS = 4;
/** ...and lasts at most this long (6 h). */
const OVERRUN_MAX_QUARTERS = 24;

const excessAt = (view: PointView, i: number): number | null => {
  const kw = view.kw[i];
  const ref = view.ref[i];
  return kw === null || kw === undefined || ref === null || ref === undefined ? null : kw - ref;
};

/** Every run of off-hours quarters above the typical day by more than the point's threshold. */
export function rawEpisodes(view: PointView): Episode[] {
  const episodes: Episode[] = [];
  let run: { first: number; last: number; abnormal: number } | null = null;
  const close = () => {
    if (run && run.abnormal >= MIN_EPISODE_QUARTERS) {
      let kwh = 0;
      let measured = 0;
      for (let i = run.first; i <= run.last; i += 1) {
        const excess = excessAt(view, i);
        if (excess === null) continue;
        kwh += Math.max(0, excess) / 4;
        measured += 1;
      }
      episodes.push({ ...run, kwh, meanExcessKw: (kwh * 4) / measured });
    }
    run = null;
  };
  for (let i = 0; i < view.times.length; i += 1) {
    if (view.working[i]) {
      close();
      continue;
    }
    const excess = excessAt(view, i);
    if (excess === null || excess <= view.thresholdKw) {
      if (run && i - run.last > BRIDGE_QUARTERS) close();
      continue;
    }
    if (run) {
      run.last = i;
      run.abnormal += 1;
    } else run = { first: i, last: i, abnormal: 1 };
  }
  close();
  return episodes;
}

/** Did the load run on past a shift's end and then stop well before the next one? */
function isOverrun(view: PointView, episode: Episode): boolean {
  const { first, last } = episode;
  if (last - first + 1 > OVERRUN_MAX_QUARTERS) return false;
  let afterShift = false;
  for (let back = 1; back <= OVERRUN_START_QUARTERS; back += 1) {
    if (view.working[first - back]) afterShift = true;
  }
  if (!afterShift) return false;
  for (let ahead = 1; ahead <= OVERRUN_CLEAR_QUARTERS; ahead += 1) {
    // The data ends too soon to tell: it may still be running.
    if (last + ahead >= view.times.length || view.working[last + ahead]) return false;
  }
  return true;
}

/**
 * Off-hours and overrun findings of a point: its episodes, less those that
 * are the point's habit (a charger used most Sundays is how it is used).
 */
export function episodeFindings(view: PointView): WasteFinding[] {
  const episodes = rawEpisodes(view);
  const byDate = new Map<string, Episode[]>();
  for (const episode of episodes) {
    const date = view.dates[episode.first]!;
    byDate.set(date, [...(byDate.get(date) ?? []), episode]);
  }
  const findings: WasteFinding[] = [];
  for (const episode of episodes) {
    const date = view.dates[episode.first]!;
    const like = (view.referenceDays.get(date) ?? []).filter((day) =>
      (byDate.get(day) ?? []).some((o) => o.meanExcessKw >= LIKE_SHARE * episode.meanExcessKw),
    );
    if (like.length >= HABIT_DAYS) continue;
    const start = view.times[episode.first]!;
    const end = view.times[episode.last]! + QUARTER_MS;
    findings.push({
      pointId: view.pointId,
      kind: isOverrun(view, episode) ? 'overrun' : 'offHours',
      start,
      end,
      kwh: episode.kwh,
      kwhPerWeek: perWeek(episode.kwh, start, end),
    });
  }
  return findings;
}
