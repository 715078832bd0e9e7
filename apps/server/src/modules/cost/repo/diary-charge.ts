import type { PowerDiaryEntry } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import { datesBetween, QUARTER_MS, type ZoneClock } from '@wattboard/zone-time';
import {
  billingPeriodOf,
  billingPoints,
  contractVersions,
  termsOn,
  versionKey,
} from '../../billing/index.ts';
import { activeTreeNodes } from '../../factory/index.ts';
import type { InstantRange } from '../../monitor/index.ts';
import type { DemandBlock } from '../../overview/index.ts';
import { segmentLines } from '../calc/bill-lines.ts';
import { PERIOD_OF_LINE } from '../calc/bill-figures.ts';
import { demandChargeEntries } from '../calc/diary-charge.ts';
import { periodDemandCharge } from '../calc/period-demand.ts';
import { rateSegments } from '../calc/rate-segments.ts';
import { periodMaxima } from './period-maxima.ts';
import { tariffSchedule } from './tariff-store.ts';

/**
 * The power diary's demandChargeRaised entries of today
 * (modules/cost/calc/diary-charge.ts): the main billing point's blocks
 * against its current billing period, priced as its bill prices them.
 */
export async function demandChargeDiary(
  db: Queryable,
  query: { factoryId: number; rootId: number | null; day: InstantRange; clock: ZoneClock },
  blocks: readonly DemandBlock[],
): Promise<Array<PowerDiaryEntry & { at: number }>> {
  const { factoryId, rootId, day, clock } = query;
  if (rootId === null || blocks.length === 0) return [];
  const [nodes, schedule] = await Promise.all([
    activeTreeNodes(db, factoryId),
    tariffSchedule(db, factoryId),
  ]);
  const main = (await billingPoints(db, factoryId, nodes)).find((point) => point.main);
  if (!main || main.nodeId !== rootId) return [];
  const today = clock.localParts(day.from).date;
  const period = billingPeriodOf(today, main.meterReadingDay);
  // Decision 0081: a past day's period is priced with the terms it was billed on.
  const versions = (await contractVersions(db, factoryId)).get(versionKey(main)) ?? [];
  const terms = termsOn(versions, main, period.from);
  if (terms.contractCapacityKw === null) return [];
  const dates = datesBetween(period.from, period.to);
  const before = await periodMaxima(db, { factoryId, clock, schedule }, [rootId], {
    from: clock.startOfDay(period.from),
    to: day.from,
  });
  const last = blocks.at(-1)!.start + QUARTER_MS;
  const segments = rateSegments({ from: day.from, to: last }, [day.from], schedule, clock);
  const lines = segmentLines(segments, schedule, clock);
  const periodAt = (start: number) => {
    const index = segments.findIndex((s) => s.from <= start && start < s.to);
    const line = lines[index];
    return line ? PERIOD_OF_LINE[line] : null;
  };
  const contract = { regularKw: terms.contractCapacityKw, others: terms.otherContractsKw };
  return demandChargeEntries(
    {
      blocks: blocks.map((block) => ({ ...block, period: periodAt(block.start) })),
      maximaBefore: before.get(rootId)!,
      penalty: (maxima) =>
        periodDemandCharge(schedule, dates, contract, maxima, null)?.penalty ?? null,
      contractCapacityKw: terms.contractCapacityKw,
      rootId,
    },
    clock,
  );
}
