import type { BaselineDayType, MonitorBaselineResponse } from '@wattboard/contract';
import { QUARTER_MS } from '@wattboard/zone-time';
import { baselineDays, medianProfile, type DayProfile, type LocalPartsOf } from './baseline.ts';

export interface BaselineInput {
  /** The range's quarter-hour starts (instants), in order. */
  quarters: readonly number[];
  partsOf: LocalPartsOf;
  dayTypeOf: (date: string) => BaselineDayType;
  /** The point's days before and in the range. */
  profiles: ReadonlyMap<string, DayProfile>;
  /** ISO text of an instant in the factory's zone, as the charts send it. */
  formatTime: (instant: number) => string;
}

/** The baseline of every quarter of a range, each day from its own earlier days of its type. */
export function baselineSeries(
  input: BaselineInput,
): Pick<MonitorBaselineResponse, 'baselineKw' | 'days'> {
  const typical = new Map<string, { profile: DayProfile; basedOn: string[] }>();
  const days: MonitorBaselineResponse['days'] = [];
  const dayOf = (date: string) => {
    let found = typical.get(date);
    if (!found) {
      const basedOn = baselineDays(date, input.dayTypeOf, input.profiles);
      found = { profile: medianProfile(basedOn, input.profiles), basedOn };
      typical.set(date, found);
      days.push({ date, dayType: input.dayTypeOf(date), basedOn });
    }
    return found;
  };
  const baselineKw = input.quarters.map((start) => {
    const { date, minuteOfDay } = input.partsOf(start);
    const kw = dayOf(date).profile.get(minuteOfDay - (minuteOfDay % 15));
    return { time: input.formatTime(start), value: kw === undefined ? null : round3(kw) };
  });
  return { baselineKw, days };
}

/** kW to the watt: what the charts show. */
function round3(value: number): number {
  return Math.round(value * 1000) / 1000;
}

/** The quarter-hour starts of [from, to). */
export function quarterStarts(from: number, to: number): number[] {
  const starts: number[] = [];
  for (let t = from; t < to; t += QUARTER_MS) starts.push(t);
  return starts;
}
