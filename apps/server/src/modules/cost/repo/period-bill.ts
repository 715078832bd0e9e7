import type { BillFigures } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import { addDays, datesBetween, QUARTER_MS, type ZoneClock } from '@wattboard/zone-time';
import { monthDemandCharge } from '../calc/bill.ts';
import { energyLines } from '../calc/bill-lines.ts';
import { rateSegments } from '../calc/rate-segments.ts';
import type { TariffSchedule } from '../calc/tariff-schedule.ts';
import { peakBlock, segmentEnergy } from './segment-energy.ts';

export interface PeriodBillQuery {
  factoryId: number;
  nodeId: number;
  /** First and last local day, both included. */
  periodFrom: string;
  periodTo: string;
  contractCapacityKw: number | null;
  clock: ZoneClock;
  schedule: TariffSchedule;
  now: number;
}

/**
 * Our bill of a billing point for a given period, in the bill's lines: kWh per
 * time-of-use line, the energy charge, the highest complete block, the basic
 * charge and penalty of the period (as the Overview's cost card computes them,
 * modules/cost/calc/bill.ts) and the total. Power factor is not measured yet
 * (null). Only what has happened by `now` counts.
 */
export async function periodBill(db: Queryable, query: PeriodBillQuery): Promise<BillFigures> {
  const { clock, schedule } = query;
  const from = clock.startOfDay(query.periodFrom);
  const to = Math.min(
    clock.startOfDay(addDays(query.periodTo, 1)),
    Math.ceil(query.now / QUARTER_MS) * QUARTER_MS,
  );
  const segments = to > from ? rateSegments({ from, to }, [from], schedule, clock) : [];
  const [energy, peak] = await Promise.all([
    segmentEnergy(db, query.factoryId, [query.nodeId], segments),
    peakBlock(db, query.factoryId, query.nodeId, {
      from,
      to: Math.min(to, Math.floor(query.now / QUARTER_MS) * QUARTER_MS),
    }),
  ]);
  const lines = energyLines(segments, energy.get(query.nodeId) ?? [], schedule, clock);
  const demand =
    query.contractCapacityKw === null
      ? null
      : monthDemandCharge(
          schedule,
          datesBetween(query.periodFrom, query.periodTo),
          query.contractCapacityKw,
          peak?.kw ?? null,
          peak ? clock.localParts(peak.start).date : query.periodTo,
        );
  const total =
    lines.energyCharge === null
      ? null
      : lines.energyCharge + (demand?.basicCharge ?? 0) + (demand?.penalty ?? 0);
  return {
    kwhPeak: lines.kwhPeak,
    kwhHalfPeak: lines.kwhHalfPeak,
    kwhSaturdayHalfPeak: lines.kwhSaturdayHalfPeak,
    kwhOffPeak: lines.kwhOffPeak,
    maxDemandKw: peak?.kw ?? null,
    powerFactorPercent: null,
    basicCharge: demand?.basicCharge ?? null,
    energyCharge: lines.energyCharge,
    penalty: demand?.penalty ?? null,
    powerFactorAdjustment: null,
    total,
  };
}
