import { CARBON_FEE_RATES, type Scope2Month } from '@wattboard/contract';
import { roundMeasure } from '../../monitor/index.ts';
import { roundMoneyOrNull } from '../../cost/index.ts';

/** One billing point's net grid energy by local month ('YYYY-MM' → kWh). */
export interface PointEnergy {
  nodeId: number;
  chName: string;
  name: string;
  accountNumber: string;
  byMonth: ReadonlyMap<string, number>;
}

/** The months of `year` that have begun by `today` ('YYYY-MM-DD', factory-local). */
export function monthsBegun(year: number, today: string): string[] {
  const todayYear = Number(today.slice(0, 4));
  const last = year < todayYear ? 12 : year > todayYear ? 0 : Number(today.slice(5, 7));
  return Array.from({ length: last }, (_, i) => `${year}-${String(i + 1).padStart(2, '0')}`);
}

const monthFigures = (month: string, kwh: number, kgPerKwh: number): Scope2Month => ({
  month,
  kwh: roundMeasure(kwh),
  tco2e: roundMeasure((kwh * kgPerKwh) / 1000),
});

/**
 * Location-based Scope 2 of a year: each billing point's months and total,
 * the factory's months (the sum of its points: disjoint subtrees, so no kWh
 * counts twice) and total, and the carbon fee those tonnes would cost at each
 * published rate. Totals are summed before rounding, so they match the
 * unrounded months, not the sum of rounded ones.
 */
export function scope2Figures(input: {
  months: readonly string[];
  points: readonly PointEnergy[];
  kgPerKwh: number;
  /** T-REC kWh retired for the year: zero-emission in the market-based figure. */
  certificateKwh: number;
}) {
  const { months, kgPerKwh } = input;
  const points = input.points.map((point) => {
    const kwh = months.reduce((sum, month) => sum + (point.byMonth.get(month) ?? 0), 0);
    return {
      nodeId: point.nodeId,
      chName: point.chName,
      name: point.name,
      accountNumber: point.accountNumber,
      months: months.map((month) => monthFigures(month, point.byMonth.get(month) ?? 0, kgPerKwh)),
      ...totals(kwh, kgPerKwh),
    };
  });
  const factoryKwh = (month: string) =>
    input.points.reduce((sum, point) => sum + (point.byMonth.get(month) ?? 0), 0);
  const kwh = months.reduce((sum, month) => sum + factoryKwh(month), 0);
  const total = totals(kwh, kgPerKwh);
  const tonnes = (kwh * kgPerKwh) / 1000;
  return {
    months: months.map((month) => monthFigures(month, factoryKwh(month), kgPerKwh)),
    ...total,
    points,
    // Certificates cover grid energy only up to what was drawn: never below 0.
    marketBased: totals(Math.max(0, kwh - input.certificateKwh), kgPerKwh),
    carbonFee: CARBON_FEE_RATES.map((ntdPerTonne) => ({
      ntdPerTonne,
      ntd: roundMoneyOrNull(tonnes * ntdPerTonne) ?? 0,
    })),
  };
}

function totals(kwh: number, kgPerKwh: number) {
  return { kwh: roundMeasure(kwh), tco2e: roundMeasure((kwh * kgPerKwh) / 1000) };
}
