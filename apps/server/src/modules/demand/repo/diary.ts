import type { PowerDiaryEntry } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import { restoreDiaryTexts, shedDiaryTexts } from '../calc/texts.ts';
import type { InstantRange } from '../../monitor/index.ts';

type Entry = PowerDiaryEntry & { at: number };

/** Today's shedding steps for the power diary: each channel shed, and given back (with why). */
export async function demandDiaryEntries(
  db: Queryable,
  factoryId: number,
  day: InstantRange,
  now: number,
): Promise<Entry[]> {
  const rows = await db.query<{
    name: string;
    ch_name: string;
    node_id: number | null;
    shed_at: Date;
    restored_at: Date | null;
    ended_by: string | null;
    predicted_kw: number;
    target_kw: number;
  }>(
    `SELECT c.name, c.ch_name, c.node_id, s.shed_at, s.restored_at, s.ended_by, s.predicted_kw,
            s.target_kw
       FROM demand_sheds s
       JOIN channel_schedules c ON c.factory_id = s.factory_id AND c.id = s.channel_schedule_id
      WHERE s.factory_id = $1 AND s.shed_at < $3::timestamptz
        AND (s.shed_at >= $2::timestamptz OR s.restored_at >= $2::timestamptz)
      ORDER BY s.shed_at DESC LIMIT 200`,
    [factoryId, new Date(day.from).toISOString(), new Date(day.to).toISOString()],
  );
  const within = (t: number) => t >= day.from && t < day.to && t <= now;
  const entry = (at: number, kind: Entry['kind'], nodeId: number | null, texts: object): Entry =>
    ({ at, status: 'control', kind, time: new Date(at).toISOString(), nodeId, ...texts }) as Entry;
  return rows.flatMap((row) => {
    const out: Entry[] = [];
    const shedAt = row.shed_at.getTime();
    if (within(shedAt)) {
      const texts = shedDiaryTexts(row.name, row.ch_name, row.predicted_kw, row.target_kw);
      out.push(entry(shedAt, 'demandShed', row.node_id, texts));
    }
    const restoredAt = row.restored_at?.getTime() ?? null;
    if (restoredAt !== null && within(restoredAt)) {
      const texts = restoreDiaryTexts(row.name, row.ch_name, row.ended_by ?? 'safe');
      out.push(entry(restoredAt, 'demandRestored', row.node_id, texts));
    }
    return out;
  });
}
