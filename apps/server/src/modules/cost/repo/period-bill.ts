import type { BillFigures, OtherContracts } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import { addDays, datesBetween, QUARTER_MS, type ZoneClock } from '@wattboard/zone-time';
import { accountTerms, basicChargeLine, billTotal } from '../calc/account-charges.ts';
import { energyLines, segmentLines } from '../calc/bill-lines.ts';
import {
  monthlyPowerFactor,
  powerFactorAdjustment,
  powerFactorAdjustmentAmount,
  powerFactorPercent,
} from '../calc/power-factor.ts';
import { periodDemandCharge } from '../calc/period-demand.ts';
import { periodRules } from '../calc/account-rules.ts';
import { rateSegments } from '../calc/rate-segments.ts';
import type { TariffSchedule } from '../calc/tariff-schedule.ts';
import { foldBillFigures } from '../calc/bill-figures.ts';
import { segmentBillFigures } from './segment-energy.ts';

export interface PeriodBillQuery {
  factoryId: number;
  clock: ZoneClock;
  /** The tariff of every item that names none of its own. */
  schedule: TariffSchedule;
  now: number;
}

export interface PointPeriod {
  nodeId: number;
  /** First and last local day, both included. */
  periodFrom: string;
  periodTo: string;
  contractCapacityKw: number | null;
  /** kW of the other contract types (modules/billing); all 0 for a regular-only contract. */
  otherContractsKw: OtherContracts;
  /** The point's own tariff (decision 0065); absent: the query's. */
  schedule?: TariffSchedule;
}

/**
 * Our bills of billing points for given periods, in the bill's lines: kWh per
 * time-of-use line, the energy charge, the highest complete block, the basic
 * charge and the over-contract charge per time-of-use period with every
 * contract type (as the Overview's cost card computes them,
 * modules/cost/calc/period-demand.ts), the month's power factor from imported kWh and
 * lagging kvarh with its adjustment (modules/cost/calc/power-factor.ts; null
 * where the meter sends no kvarh) and the total. Only what has happened by
 * `now` counts. Points billed over the same
 * period share one cut into rate segments and one scan per node.
 */
export async function periodBills(
  db: Queryable,
  query: PeriodBillQuery,
  items: readonly PointPeriod[],
): Promise<BillFigures[]> {
  // Items on the same tariff over the same period share one cut and one scan.
  const groups = new Map<TariffSchedule, Map<string, number[]>>();
  items.forEach((item, i) => {
    const schedule = item.schedule ?? query.schedule;
    const byPeriod = groups.get(schedule) ?? new Map<string, number[]>();
    const key = `${item.periodFrom}/${item.periodTo}`;
    byPeriod.set(key, [...(byPeriod.get(key) ?? []), i]);
    groups.set(schedule, byPeriod);
  });
  const answers = new Array<BillFigures>(items.length);
  const work = [...groups].flatMap(([schedule, byPeriod]) =>
    [...byPeriod.values()].map((indexes) => ({ schedule, indexes })),
  );
  await Promise.all(
    work.map(async ({ schedule, indexes }) => {
      const { periodFrom, periodTo } = items[indexes[0]!]!;
      const bills = await samePeriodBills(
        db,
        { ...query, schedule },
        periodFrom,
        periodTo,
        indexes.map((i) => items[i]!),
      );
      indexes.forEach((index, j) => (answers[index] = bills[j]!));
    }),
  );
  return answers;
}

async function samePeriodBills(
  db: Queryable,
  query: PeriodBillQuery,
  periodFrom: string,
  periodTo: string,
  points: readonly PointPeriod[],
): Promise<BillFigures[]> {
  const { clock, schedule } = query;
  const from = clock.startOfDay(periodFrom);
  const to = Math.min(
    clock.startOfDay(addDays(periodTo, 1)),
    Math.ceil(query.now / QUARTER_MS) * QUARTER_MS,
  );
  const segments = to > from ? rateSegments({ from, to }, [from], schedule, clock) : [];
  const nodeIds = points.map((point) => point.nodeId);
  const completeBefore = Math.min(to, Math.floor(query.now / QUARTER_MS) * QUARTER_MS);
  const figures = await segmentBillFigures(db, query.factoryId, nodeIds, segments, completeBefore);
  const dates = datesBetween(periodFrom, periodTo);
  const lineOf = segmentLines(segments, schedule, clock);
  const fullAccount = accountTerms(schedule, dates);
  return points.map((point) => {
    const folded = foldBillFigures(segments, lineOf, figures.get(point.nodeId) ?? []);
    const peak = folded.peak;
    const lines = energyLines(segments, lineOf, folded.energy);
    const contract = { regularKw: point.contractCapacityKw, others: point.otherContractsKw };
    const demand = periodDemandCharge(
      schedule,
      dates,
      contract,
      folded.maxima,
      peak ? { kw: peak.kw, date: clock.localParts(peak.segmentStart).date } : null,
    );
    // A month without use bills half the basic charge; a small low-voltage account has no
    // power-factor adjustment (modules/cost/calc/account-rules.ts).
    const kwh = folded.energy.reduce((total, value) => total + value, 0);
    const usage = { kwh, peakKwh: lines.kwhPeak, maxDemandKw: peak?.kw ?? null };
    const rules = periodRules(schedule, dates, contract, usage);
    const contractBasic = demand ? demand.basicCharge * rules.basicShare : null;
    const account = {
      ...fullAccount,
      customerCharge: fullAccount.customerCharge * rules.basicShare,
    };
    const measured = folded.reactive;
    const pf = measured ? monthlyPowerFactor(measured.kwh, measured.kvarh) : null;
    // Taipower adjusts basic and energy charges, never the over-contract charge.
    const adjustment =
      pf === null || !rules.powerFactor || lines.energyCharge === null
        ? null
        : powerFactorAdjustmentAmount(
            { basicCharge: contractBasic ?? 0, energyCharge: lines.energyCharge },
            powerFactorAdjustment(pf),
          );
    const total =
      lines.energyCharge === null
        ? null
        : billTotal(
            {
              energy: lines.energyCharge,
              contractBasic: contractBasic ?? 0,
              penalty: demand?.penalty ?? 0,
              adjustment: adjustment ?? 0,
            },
            account,
          );
    return {
      kwhPeak: lines.kwhPeak,
      kwhHalfPeak: lines.kwhHalfPeak,
      kwhSaturdayHalfPeak: lines.kwhSaturdayHalfPeak,
      kwhOffPeak: lines.kwhOffPeak,
      maxDemandKw: peak?.kw ?? null,
      powerFactorPercent: pf === null ? null : powerFactorPercent(pf),
      basicCharge: basicChargeLine(contractBasic, account.customerCharge),
      energyCharge: lines.energyCharge,
      penalty: demand?.penalty ?? null,
      powerFactorAdjustment: adjustment,
      total,
    };
  });
}
