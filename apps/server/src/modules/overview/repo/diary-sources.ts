import type { Queryable } from '../../../platform/db/db.ts';
import type { DiaryCommand, DiaryEvent, ReadingGap } from '../calc/diary.ts';
import type { DemandBlock } from '../calc/diary-demand.ts';
import type { InstantRange } from '../../monitor/index.ts';
import { QUARTER_MS } from '@wattboard/zone-time';
import { demandKey, loadBlockDemand } from '../../monitor/index.ts';

const iso = (t: number) => new Date(t).toISOString();
const ms = (value: Date | null) => (value === null ? null : value.getTime());

/** Alarm events opened or cleared within the day, with who cleared them. */
export async function diaryEvents(
  db: Queryable,
  factoryId: number,
  day: InstantRange,
): Promise<DiaryEvent[]> {
  const rows = await db.query<{
    node_id: number | null;
    kind: string;
    title_en: string;
    desc_en: string;
    title_zh: string;
    desc_zh: string;
    opened_at: Date;
    resolved_at: Date | null;
    username: string | null;
  }>(
    `SELECT e.node_id, e.kind, e.title_en, e.desc_en, e.title_zh, e.desc_zh, e.opened_at,
            e.resolved_at, u.username
       FROM (
         SELECT id FROM events WHERE factory_id = $1
            AND opened_at >= $2::timestamptz AND opened_at < $3::timestamptz
         UNION
         SELECT id FROM events WHERE factory_id = $1 AND resolved_at IS NOT NULL
            AND resolved_at >= $2::timestamptz AND resolved_at < $3::timestamptz
       ) today
       JOIN events e ON e.id = today.id
       -- Whoever cleared it in this factory: a member whose account may be another factory's (0089).
       LEFT JOIN users u ON u.id = e.resolved_by
      ORDER BY e.opened_at DESC LIMIT 200`,
    [factoryId, iso(day.from), iso(day.to)],
  );
  return rows.map((row) => ({
    nodeId: row.node_id,
    kind: row.kind,
    titleEn: row.title_en,
    descEn: row.desc_en,
    titleZh: row.title_zh,
    descZh: row.desc_zh,
    openedAt: row.opened_at.getTime(),
    resolvedAt: ms(row.resolved_at),
    resolvedBy: row.username,
  }));
}

/**
 * A command is confirmed within 60 s or marked offline; looking
 * this far back for commands confirmed today keeps the read a range scan.
 */
export const CONFIRM_LOOKBACK_MS = 60 * 60_000;

/** Commands created or confirmed within the day, with their channel's names. */
export async function diaryCommands(
  db: Queryable,
  factoryId: number,
  day: InstantRange,
): Promise<DiaryCommand[]> {
  const rows = await db.query<{
    name: string;
    ch_name: string;
    node_id: number | null;
    state: 'on' | 'off';
    created_at: Date;
    confirmed_at: Date | null;
    timed_out_at: Date | null;
  }>(
    `SELECT c.name, c.ch_name, c.node_id, m.state, m.created_at, m.confirmed_at,
            CASE WHEN m.status = 'timeout' THEN m.sent_at + interval '60 seconds' END AS timed_out_at
       FROM commands m
       JOIN channel_schedules c ON c.factory_id = m.factory_id AND c.id = m.channel_schedule_id
      WHERE m.factory_id = $1
        AND m.created_at >= $2::timestamptz AND m.created_at < $3::timestamptz
        AND ((m.created_at >= $4::timestamptz)
          OR (m.confirmed_at >= $4::timestamptz AND m.confirmed_at < $3::timestamptz))
      ORDER BY m.created_at DESC LIMIT 200`,
    [factoryId, iso(day.from - CONFIRM_LOOKBACK_MS), iso(day.to), iso(day.from)],
  );
  return rows.map((row) => ({
    channelName: row.name,
    channelChName: row.ch_name,
    nodeId: row.node_id,
    state: row.state,
    createdAt: row.created_at.getTime(),
    confirmedAt: ms(row.confirmed_at),
    timedOutAt: ms(row.timed_out_at),
  }));
}

/**
 * Silences longer than `offlineAfterMs` of the factory's top-most measured
 * active nodes (meters; their circuits would repeat the same silence; a
 * retired meter is silent on purpose) that touch
 * [from, to]: from today's raw readings plus each node's last reading before
 * `from` (one index probe per node), and a silence still going on at `to`
 * from latest_readings (backAt null).
 */
export async function readingGaps(
  db: Queryable,
  factoryId: number,
  window: InstantRange,
  offlineAfterMs: number,
): Promise<ReadingGap[]> {
  const rows = await db.query<{
    node_id: number;
    name: string;
    ch_name: string;
    last_at: Date;
    back_at: Date | null;
  }>(
    `WITH meters AS (
       SELECT n.id, n.name, n.ch_name FROM active_nodes n
         LEFT JOIN nodes p ON p.factory_id = n.factory_id AND p.id = n.parent_id
        WHERE n.factory_id = $1 AND n.type <> 'virtual'
          AND (p.id IS NULL OR p.type = 'virtual')
     ), r AS (
       SELECT m.id AS node_id, t.ts FROM meters m CROSS JOIN LATERAL (
         SELECT ts FROM readings WHERE node_id = m.id AND factory_id = $1
            AND ts >= $2::timestamptz AND ts <= $3::timestamptz) t
       UNION ALL
       SELECT m.id, b.ts FROM meters m CROSS JOIN LATERAL (
         SELECT ts FROM readings WHERE node_id = m.id AND factory_id = $1 AND ts < $2::timestamptz
          ORDER BY ts DESC LIMIT 1) b
     ), g AS (
       SELECT node_id, lag(ts) OVER (PARTITION BY node_id ORDER BY ts) AS last_at, ts AS back_at
         FROM r
     )
     SELECT g.node_id, m.name, m.ch_name, g.last_at, g.back_at
       FROM g JOIN meters m ON m.id = g.node_id
      WHERE g.last_at IS NOT NULL AND g.back_at > g.last_at + $4::interval
     UNION ALL
     SELECT m.id, m.name, m.ch_name, l.ts, NULL
       FROM meters m JOIN latest_readings l ON l.factory_id = $1 AND l.node_id = m.id
      WHERE l.ts < $3::timestamptz - $4::interval
      ORDER BY 1, 4`,
    [factoryId, iso(window.from), iso(window.to), `${offlineAfterMs} milliseconds`],
  );
  return rows.map((row) => ({
    nodeId: row.node_id,
    name: row.name,
    chName: row.ch_name,
    lastAt: row.last_at.getTime(),
    backAt: ms(row.back_at),
  }));
}

/** The node's block demand of every quarter from `from` up to and including `lastBlock`. */
export async function demandBlocks(
  db: Queryable,
  factoryId: number,
  nodeId: number,
  from: number,
  lastBlock: number | null,
): Promise<DemandBlock[]> {
  if (lastBlock === null || lastBlock < from) return [];
  const keys = [];
  for (let start = from; start <= lastBlock; start += QUARTER_MS)
    keys.push({ nodeId, blockStart: start });
  const demand = await loadBlockDemand(db, factoryId, keys);
  return keys.flatMap(({ blockStart }) => {
    const kw = demand.get(demandKey(nodeId, blockStart));
    return kw === undefined ? [] : [{ start: blockStart, kw }];
  });
}
