/**
 * The figures of one scheduled report, from rollup sums (pure). Energy is net
 * (forward − reverse), as the Overview counts it; CO2 is each day's energy ×
 * the factor of that day's year; the change compares with the previous period of the same
 * kind and has no percentage against 0. Cost is the energy (time-of-use)
 * charge the cost module prices from the same rollups (null without a tariff);
 * the basic and demand charges belong to a month's bill, not to a week.
 */
import { roundMoneyOrNull } from '../cost/index.ts';
import { roundMeasure } from '../monitor/index.ts';
import { datesBetween } from '@wattboard/zone-time';
import type { Co2Rates } from '../carbon/index.ts';
import type { LocalPeriod } from './schedule.ts';

/** How many monitoring points the "top consumers" list shows. */
export const TOP_CONSUMERS = 10;

export interface Energy {
  forward: number;
  reverse: number;
}

export interface ReportInputs {
  period: LocalPeriod;
  previousPeriod: LocalPeriod;
  co2Rates: Co2Rates;
  /** The factory root's daily rollups by local date (days without data are absent). */
  days: ReadonlyMap<string, Energy & { peakKw: number | null }>;
  previous: Energy;
  /** The root's highest 15-minute block in the period, with its start. */
  peak: { kw: number; start: number } | null;
  /** The root's energy cost per local date and in total; null when nothing was priced. */
  cost: { days: ReadonlyMap<string, number | null>; total: number | null } | null;
  /** Consumers (leaf monitoring points) with their energy over the period. */
  nodes: readonly (Energy & { id: number; name: string; chName: string })[];
}

export interface ReportDay {
  date: string;
  kwh: number;
  co2: number;
  cost: number | null;
  peakKw: number | null;
}

export interface ReportConsumer {
  rank: number;
  name: string;
  chName: string;
  kwh: number;
  /** Share of the factory's energy in %, null when the factory used none. */
  sharePercent: number | null;
}

export interface ReportFigures {
  period: LocalPeriod;
  previousPeriod: LocalPeriod;
  kwh: number;
  co2: number;
  cost: number | null;
  peak: { kw: number; start: number } | null;
  previousKwh: number;
  changeKwh: number;
  changePercent: number | null;
  days: ReportDay[];
  topConsumers: ReportConsumer[];
}

const net = (energy: Energy) => energy.forward - energy.reverse;

export function reportFigures(inputs: ReportInputs): ReportFigures {
  const { co2Rates } = inputs;
  const days = datesBetween(inputs.period.from, inputs.period.to).map((date): ReportDay => {
    const day = inputs.days.get(date);
    const kwh = day ? net(day) : 0;
    return {
      date,
      kwh: roundMeasure(kwh),
      co2: roundMeasure(kwh * co2Rates.ofDate(date)),
      cost: roundMoneyOrNull(inputs.cost?.days.get(date) ?? null),
      peakKw: day?.peakKw ?? null,
    };
  });
  const inPeriod = [...inputs.days.entries()].filter(
    ([date]) => date >= inputs.period.from && date <= inputs.period.to,
  );
  const total = inPeriod.reduce((sum, [, day]) => sum + net(day), 0);
  const co2 = inPeriod.reduce((sum, [date, day]) => sum + net(day) * co2Rates.ofDate(date), 0);
  const previous = net(inputs.previous);
  const change = total - previous;
  const roundedPrevious = roundMeasure(previous);
  const consumers = [...inputs.nodes]
    .map((node) => ({ node, kwh: net(node) }))
    .sort((a, b) => b.kwh - a.kwh || a.node.id - b.node.id)
    .slice(0, TOP_CONSUMERS);
  return {
    period: inputs.period,
    previousPeriod: inputs.previousPeriod,
    kwh: roundMeasure(total),
    co2: roundMeasure(co2),
    cost: roundMoneyOrNull(inputs.cost?.total ?? null),
    peak: inputs.peak,
    previousKwh: roundedPrevious,
    changeKwh: roundMeasure(change),
    changePercent: roundedPrevious === 0 ? null : roundMeasure((change / Math.abs(previous)) * 100),
    days,
    topConsumers: consumers.map(({ node, kwh }, index) => ({
      rank: index + 1,
      name: node.name,
      chName: node.chName,
      kwh: roundMeasure(kwh),
      sharePercent: roundMeasure(total) === 0 ? null : roundMeasure((kwh / total) * 100),
    })),
  };
}
