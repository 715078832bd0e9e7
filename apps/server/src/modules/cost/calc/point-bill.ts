import { datesBetween } from '@wattboard/zone-time';
import { accountTerms, basicChargeLine, billTotal } from './account-charges.ts';
import { periodRules } from './account-rules.ts';
import { projectBill } from './bill.ts';
import type { PeriodMaxima } from './contract-capacity.ts';
import { periodDemandCharge, type PointContract } from './period-demand.ts';
import type { PricedInterval } from './rate-segments.ts';
import type { TariffSchedule } from './tariff-schedule.ts';
import {
  monthlyPowerFactor,
  powerFactorAdjustment,
  powerFactorAdjustmentAmount,
  powerFactorPercent,
} from './power-factor.ts';

export interface PointBillInput {
  schedule: TariffSchedule;
  /** The current billing period, first and last local day (modules/billing). */
  period: { from: string; to: string };
  /** Today's local date and the share of its real length already past. */
  today: string;
  todayElapsed: number;
  /** The point's priced days so far, oldest first: the period and the projection's basis. */
  days: readonly { date: string; figures: PricedInterval }[];
  /** The first day the projection may average (7 days before today). */
  basisFrom: string;
  contract: PointContract;
  /** The period's highest complete block of net draw and its local day; null without data. */
  peak: { kw: number; date: string } | null;
  /** The period's highest complete block in each time-of-use period so far. */
  maxima: PeriodMaxima;
  /** The period's imported kWh and lagging kvarh so far; kvarh null where not measured. */
  reactive: { kwh: number; kvarh: number | null } | null;
}

/** One billing point's figures, unrounded (money is rounded at the edge). */
export interface PointFigures {
  todayKwh: number;
  todayCost: number | null;
  kwh: number;
  energyCost: number | null;
  basicCharge: number | null;
  penalty: number | null;
  total: number | null;
  projectedTotal: number | null;
  projectedDailyCost: number | null;
  projectionBasisDays: number;
  /** Whole per cent, from the period so far; null without kvarh. */
  powerFactorPercent: number | null;
  /**
   * TWD; the adjustment so far on basic and energy charges (power-factor.ts);
   * null without kvarh or where the account has none (small low voltage).
   */
  powerFactorAdjustment: number | null;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** Σ of the values that are known; null when none is. */
function sumKnown(values: readonly (number | null)[]): number | null {
  const known = values.filter((v): v is number => v !== null);
  return known.length > 0 ? sum(known) : null;
}

/**
 * A billing point's bill for its current period: energy so far; the basic
 * charge of the whole period with every contract type, each day at 1/(days
 * of the period) of its season's monthly charge, and the over-contract charge
 * per time-of-use period from the period's maxima so far (period-demand.ts);
 * the per-account charge, in the basic-charge line; the power-factor
 * adjustment at the period's power factor so far, on the contract's basic and
 * energy charges (also on the projected ones), where the account's voltage
 * and size have one; the projection to the period's last day (bill.ts
 * projectBill); totals × the industry coefficient (account-charges.ts).
 * A period without use so far is billed at half the basic charge so far
 * (account-rules.ts), and in the projection only if it projects no energy:
 * the card cannot see peak-hours kWh, so an installed time-of-use contract
 * counts as unused only at 0 kWh in all hours.
 */
export function pointBill(input: PointBillInput): PointFigures {
  const { period, today } = input;
  const todayFigures = input.days.find((day) => day.date === today)?.figures;
  const inPeriod = input.days.filter((day) => day.date >= period.from && day.date <= period.to);
  const energyCost = sumKnown(inPeriod.map((day) => day.figures.cost));
  const recent = input.days
    .filter((day) => day.date >= input.basisFrom && day.date < today)
    .filter((day) => day.figures.kwh !== 0 && day.figures.cost !== null)
    .map((day) => day.figures.cost!)
    .reverse();
  const periodDates = datesBetween(period.from, period.to);
  const demand = periodDemandCharge(
    input.schedule,
    periodDates,
    input.contract,
    input.maxima,
    input.peak,
  );
  const kwh = sum(inPeriod.map((day) => day.figures.kwh));
  const usage = { kwh, peakKwh: null, maxDemandKw: input.peak?.kw ?? null };
  const rules = periodRules(input.schedule, periodDates, input.contract, usage);
  const measured = input.reactive
    ? monthlyPowerFactor(input.reactive.kwh, input.reactive.kvarh)
    : null;
  // A small low-voltage account has no adjustment; its power factor is still shown.
  const pf = rules.powerFactor ? measured : null;
  const pfFraction = pf === null ? 0 : powerFactorAdjustment(pf);
  const fullBasic = demand?.basicCharge ?? 0;
  const adjust = (energyCharge: number, basicShare: number) =>
    powerFactorAdjustmentAmount({ basicCharge: fullBasic * basicShare, energyCharge }, pfFraction);
  const fullAccount = accountTerms(input.schedule, periodDates);
  const share = rules.basicShare;
  const account = { ...fullAccount, customerCharge: fullAccount.customerCharge * share };
  const contractBasic = fullBasic * share;
  const fullCharges = fullBasic + fullAccount.customerCharge + (demand?.penalty ?? 0);
  const projection =
    energyCost === null
      ? null
      : projectBill({
          energyCostSoFar: energyCost,
          recentDailyCosts: recent,
          todayCost: todayFigures?.cost ?? 0,
          todayElapsed: input.todayElapsed,
          daysAfterToday: periodDates.filter((date) => date > today).length,
          demandCharges: fullCharges,
        });
  // The projection stays without use only if it adds no energy.
  const projectedShare = projection && projection.dailyCost === 0 ? share : 1;
  const projectedBasics = (fullBasic + fullAccount.customerCharge) * projectedShare;
  const adjustment = pf === null || energyCost === null ? null : adjust(energyCost, share);
  return {
    todayKwh: todayFigures?.kwh ?? 0,
    todayCost: todayFigures?.cost ?? null,
    kwh,
    energyCost,
    basicCharge: basicChargeLine(demand ? contractBasic : null, account.customerCharge),
    penalty: demand?.penalty ?? null,
    total:
      energyCost === null
        ? null
        : billTotal(
            {
              energy: energyCost,
              contractBasic,
              penalty: demand?.penalty ?? 0,
              adjustment: adjustment ?? 0,
            },
            account,
          ),
    projectedTotal: projection
      ? (projection.total -
          fullCharges +
          projectedBasics +
          (demand?.penalty ?? 0) +
          (pf === null ? 0 : adjust(projection.total - fullCharges, projectedShare))) *
        account.coefficient
      : null,
    projectedDailyCost: projection?.dailyCost ?? null,
    projectionBasisDays: projection?.basisDays ?? 0,
    powerFactorPercent: measured === null ? null : powerFactorPercent(measured),
    powerFactorAdjustment: adjustment,
  };
}

/** The factory's bill: the sum of its points' (a point without a figure counts 0 there). */
export function sumBills(
  bills: readonly PointFigures[],
): Omit<PointFigures, 'projectionBasisDays' | 'powerFactorPercent'> {
  return {
    todayKwh: sum(bills.map((b) => b.todayKwh)),
    todayCost: sumKnown(bills.map((b) => b.todayCost)),
    kwh: sum(bills.map((b) => b.kwh)),
    energyCost: sumKnown(bills.map((b) => b.energyCost)),
    basicCharge: sumKnown(bills.map((b) => b.basicCharge)),
    penalty: sumKnown(bills.map((b) => b.penalty)),
    total: sumKnown(bills.map((b) => b.total)),
    projectedTotal: sumKnown(bills.map((b) => b.projectedTotal)),
    projectedDailyCost: sumKnown(bills.map((b) => b.projectedDailyCost)),
    powerFactorAdjustment: sumKnown(bills.map((b) => b.powerFactorAdjustment)),
  };
}
