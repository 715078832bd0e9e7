import { POWER_DIARY_LIMIT, type PowerDiaryEntry } from '@wattboard/contract';
import type { InstantRange } from '../../monitor/index.ts';
import { MINUTE_MS, type ZoneClock } from '@wattboard/zone-time';
import { diaryTexts } from './diary-texts.ts';

export interface DiaryEvent {
  nodeId: number | null;
  kind: string;
  titleEn: string;
  descEn: string;
  titleZh: string;
  descZh: string;
  openedAt: number;
  resolvedAt: number | null;
  resolvedBy: string | null;
}

/** A silence of a meter: its last reading before it, and the reading that ended it (or null). */
export interface ReadingGap {
  nodeId: number;
  name: string;
  chName: string;
  lastAt: number;
  backAt: number | null;
}

export interface DiaryCommand {
  channelName: string;
  channelChName: string;
  nodeId: number | null;
  state: 'on' | 'off';
  createdAt: number;
  confirmedAt: number | null;
  /** When the 60 s for its confirmation ran out unanswered (the channel went offline). */
  timedOutAt?: number | null;
}

type Entry = PowerDiaryEntry & { at: number };

const entry = (
  at: number,
  status: Entry['status'],
  kind: Entry['kind'],
  nodeId: number | null,
  texts: { description: string; descriptionZh: string },
): Entry => ({ at, status, kind, time: new Date(at).toISOString(), nodeId, ...texts });

const within = (t: number, day: InstantRange, now: number) =>
  t >= day.from && t < day.to && t <= now;

/**
 * Alarm events opened and cleared today. Offline events are left to the
 * meter gaps (meterOffline / meterOnline), which also say when it came back.
 */
export function eventEntries(
  events: readonly DiaryEvent[],
  day: InstantRange,
  now: number,
): Entry[] {
  return events.flatMap((event) => {
    const out: Entry[] = [];
    if (event.kind !== 'offline' && within(event.openedAt, day, now)) {
      const texts = diaryTexts.alarmOpened(event.descEn, event.descZh);
      // An anomaly (decision 0082) is unusual load, not a limit crossed: a warning.
      const status = event.kind === 'anomaly' ? 'warning' : 'alarm';
      out.push(entry(event.openedAt, status, 'alarmOpened', event.nodeId, texts));
    }
    if (event.resolvedAt !== null && within(event.resolvedAt, day, now)) {
      const texts = diaryTexts.alarmCleared(event.titleEn, event.titleZh, event.resolvedBy);
      out.push(entry(event.resolvedAt, 'info', 'alarmCleared', event.nodeId, texts));
    }
    return out;
  });
}

/**
 * Meters going offline and back (the alarms' offline rule: silent longer than
 * `offlineAfterMs`): offline at the last reading + that time, back at the
 * reading that ended the silence; each only when it falls within today.
 */
export function gapEntries(
  gaps: readonly ReadingGap[],
  day: InstantRange,
  now: number,
  offlineAfterMs: number,
  clock: ZoneClock,
): Entry[] {
  return gaps.flatMap((gap) => {
    const out: Entry[] = [];
    const offlineAt = gap.lastAt + offlineAfterMs;
    if (gap.backAt !== null && gap.backAt - gap.lastAt <= offlineAfterMs) return out;
    if (within(offlineAt, day, now)) {
      const since = clock.formatIso(gap.lastAt).slice(11, 16);
      const texts = diaryTexts.meterOffline(gap.name, gap.chName, since);
      out.push(entry(offlineAt, 'warning', 'meterOffline', gap.nodeId, texts));
    }
    if (gap.backAt !== null && within(gap.backAt, day, now)) {
      const minutes = Math.round((gap.backAt - gap.lastAt) / MINUTE_MS);
      const texts = diaryTexts.meterOnline(gap.name, gap.chName, minutes);
      out.push(entry(gap.backAt, 'info', 'meterOnline', gap.nodeId, texts));
    }
    return out;
  });
}

/** Control commands sent and confirmed today. */
export function commandEntries(
  commands: readonly DiaryCommand[],
  day: InstantRange,
  now: number,
): Entry[] {
  return commands.flatMap((command) => {
    const out: Entry[] = [];
    const names = [command.channelName, command.channelChName, command.state] as const;
    if (within(command.createdAt, day, now)) {
      out.push(
        entry(
          command.createdAt,
          'control',
          'commandSent',
          command.nodeId,
          diaryTexts.commandSent(...names),
        ),
      );
    }
    if (command.confirmedAt !== null && within(command.confirmedAt, day, now)) {
      const texts = diaryTexts.commandConfirmed(...names);
      out.push(entry(command.confirmedAt, 'control', 'commandConfirmed', command.nodeId, texts));
    }
    const timedOutAt = command.timedOutAt ?? null;
    if (timedOutAt !== null && within(timedOutAt, day, now)) {
      const texts = diaryTexts.commandUnanswered(...names);
      out.push(entry(timedOutAt, 'warning', 'commandUnanswered', command.nodeId, texts));
    }
    return out;
  });
}

/** Newest first (ties keep their order), at most POWER_DIARY_LIMIT, without the sort key. */
export function finishDiary(
  entries: readonly Entry[],
  limit = POWER_DIARY_LIMIT,
): PowerDiaryEntry[] {
  return entries
    .map((item, index) => ({ item, index }))
    .sort((a, b) => b.item.at - a.item.at || a.index - b.index)
    .slice(0, limit)
    .map(({ item }) => {
      const { at: _at, ...rest } = item;
      return rest;
    });
}

export type { Entry as DiaryEntryDraft };
