import type { PowerDiaryEntry } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import { demandChargeEntries } from '../calc/diary-charge.ts';
import type { DemandBlock } from '../../overview/index.ts';
import { monthDemandCharge, type PenaltyTerms } from '../calc/bill.ts';
import type { InstantRange } from '../../monitor/index.ts';
import { datesBetween, type ZoneClock } from '@wattboard/zone-time';
import { tariffSchedule } from './tariff-store.ts';

export interface ChargeContext {
  basicRatePerKw: number | null;
  terms: PenaltyTerms | null;
}

/** The month's basic rate per kW and today's penalty terms, for the power diary's charge entries. */
export async function chargeContext(
  db: Queryable,
  query: {
    factoryId: number;
    month: InstantRange;
    now: number;
    clock: ZoneClock;
    contractCapacityKw: number | null;
  },
): Promise<ChargeContext> {
  if (query.contractCapacityKw === null) return { basicRatePerKw: null, terms: null };
  const { clock } = query;
  const schedule = await tariffSchedule(db, query.factoryId);
  const today = clock.localParts(query.now).date;
  const dates = datesBetween(
    clock.localParts(query.month.from).date,
    clock.localParts(query.month.to - 1).date,
  );
  const charge = monthDemandCharge(schedule, dates, query.contractCapacityKw, null, today);
  const version = schedule.versionOn(today);
  return {
    basicRatePerKw: charge?.basicRatePerKw ?? null,
    terms: version ? version.definition : null,
  };
}

/** The power diary's demandChargeRaised entries of today (modules/cost/calc/diary-charge.ts). */
export async function demandChargeDiary(
  db: Queryable,
  query: {
    factoryId: number;
    rootId: number | null;
    month: InstantRange;
    now: number;
    clock: ZoneClock;
    contractCapacityKw: number | null;
  },
  blocks: readonly DemandBlock[],
  monthMaxBefore: number | null,
): Promise<Array<PowerDiaryEntry & { at: number }>> {
  if (query.rootId === null || blocks.length === 0) return [];
  const charge = await chargeContext(db, query);
  return demandChargeEntries(
    {
      blocks,
      monthMaxBefore,
      contractCapacityKw: query.contractCapacityKw,
      rootId: query.rootId,
      ...charge,
    },
    query.clock,
  );
}
