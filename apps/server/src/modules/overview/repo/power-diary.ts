import type { PowerDiaryEntry } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import { OFFLINE_AFTER_MS } from '../../alarms/index.ts';
import type { InstantRange } from '../../monitor/index.ts';
import type { ZoneClock } from '@wattboard/zone-time';
import { commandEntries, eventEntries, finishDiary, gapEntries } from '../calc/diary.ts';
import { demandEntries } from '../calc/diary-demand.ts';
import { demandChargeDiary } from '../../cost/index.ts';
import { demandDiaryEntries } from '../../demand/index.ts';
import { maxDemandOverDays } from '../../rollups/index.ts';
import { realTimeDemandBlocks } from '../../monitor/index.ts';
import { demandBlocks, diaryCommands, diaryEvents, readingGaps } from './diary-sources.ts';

export interface DiaryQuery {
  factoryId: number;
  rootId: number | null;
  day: InstantRange;
  month: InstantRange;
  now: number;
  clock: ZoneClock;
  contractCapacityKw: number | null;
}

/** Today's power diary (see modules/overview/calc/diary.ts for each kind's rule). */
export async function powerDiary(db: Queryable, query: DiaryQuery): Promise<PowerDiaryEntry[]> {
  const { factoryId, rootId, day, month, now, clock } = query;
  const until = Math.min(now, day.to);
  const [events, commands, gaps, blocks, monthMax, shedding] = await Promise.all([
    diaryEvents(db, factoryId, day),
    diaryCommands(db, factoryId, day),
    readingGaps(db, factoryId, { from: day.from - OFFLINE_AFTER_MS, to: until }, OFFLINE_AFTER_MS),
    rootId === null
      ? []
      : realTimeDemandBlocks(db, factoryId, [rootId], now).then((latest) =>
          demandBlocks(db, factoryId, rootId, day.from, latest.get(rootId) ?? null),
        ),
    rootId === null
      ? new Map<number, number>()
      : maxDemandOverDays(db, factoryId, [rootId], { from: month.from, to: day.from }),
    demandDiaryEntries(db, factoryId, day, now),
  ]);
  return finishDiary([
    ...eventEntries(events, day, now),
    ...gapEntries(gaps, day, now, OFFLINE_AFTER_MS, clock),
    ...commandEntries(commands, day, now),
    // Issues #15, #24: a new highest block of a time-of-use period raises the over-contract charge.
    ...(await demandChargeDiary(db, query, blocks)),
    ...shedding,
    ...demandEntries(
      {
        blocks,
        monthMaxBefore: rootId === null ? null : (monthMax.get(rootId) ?? null),
        contractCapacityKw: query.contractCapacityKw,
        rootId,
      },
      clock,
    ),
  ]);
}
