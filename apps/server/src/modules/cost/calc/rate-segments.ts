import { TOU_PERIODS, type TouPeriod } from '@wattboard/contract';
import type { InstantRange } from '../../monitor/index.ts';
import { DAY_MS, QUARTER_MS, type ZoneClock } from '@wattboard/zone-time';
import type { TariffSchedule } from './tariff-schedule.ts';

/**
 * Cost is computed when read: the range is cut into segments of constant
 * rate (and never across an interval of the answer), the 15-minute rollups
 * are summed per segment in SQL (one scan per node, grouped by segment), and
 * each sum is priced here. A working day under the default tariff is 4–5
 * segments, so a year by day returns ~1,500 sums instead of 35,000 rows.
 */

export interface RateSegment {
  from: number;
  to: number;
  /** Index into the interval starts the segment belongs to. */
  interval: number;
  /** Null when no tariff version covers the segment. */
  period: TouPeriod | null;
  /** TWD per kWh; null without a tariff. */
  rate: number | null;
  /** Outside the chosen windows (maskSegments): counts neither kWh nor cost. */
  excluded?: boolean;
}

/**
 * Segments of [range.from, range.to) (on the quarter-hour grid) by the
 * factory-local period of each 15-minute bucket's start, cut at every
 * interval start in `starts` (ascending, the first = range.from).
 */
export function rateSegments(
  range: InstantRange,
  starts: readonly number[],
  schedule: TariffSchedule,
  clock: ZoneClock,
): RateSegment[] {
  const segments: RateSegment[] = [];
  let interval = -1;
  let current: RateSegment | null = null;
  // The local date (a string) and the day's slot table are looked up once per
  // local day; within it the wall-clock minute comes from the zone offset.
  let civilDay = Number.NaN;
  let table: ReturnType<TariffSchedule['dayTable']> = null;
  for (let t = range.from; t < range.to; t += QUARTER_MS) {
    let cut = false;
    while (interval + 1 < starts.length && starts[interval + 1]! <= t) {
      interval += 1;
      cut = true;
    }
    const civil = clock.toCivil(t);
    const day = Math.floor(civil / DAY_MS);
    if (day !== civilDay) {
      civilDay = day;
      const parts = clock.localParts(t);
      table = schedule.dayTable(parts.date, parts.weekday);
    }
    const slot = table?.slots[Math.floor((civil - day * DAY_MS) / QUARTER_MS)] ?? null;
    const period = slot?.period ?? null;
    const rate = slot?.rate ?? null;
    if (!current || cut || current.period !== period || current.rate !== rate) {
      current = { from: t, to: t + QUARTER_MS, interval: Math.max(interval, 0), period, rate };
      segments.push(current);
    } else {
      current.to = t + QUARTER_MS;
    }
  }
  return segments;
}

/**
 * Keeps only the parts of the segments inside `windows` (e.g. the Consumption
 * Query's time window on chosen weekdays): segments are split at the window
 * edges and the parts outside are marked excluded, so the list stays
 * contiguous (segmentEnergy buckets by the segments' starts).
 */
export function maskSegments(
  segments: readonly RateSegment[],
  windows: readonly InstantRange[],
): RateSegment[] {
  const sorted = [...windows].sort((a, b) => a.from - b.from);
  const out: RateSegment[] = [];
  for (const segment of segments) {
    let at = segment.from;
    for (const w of sorted) {
      if (w.to <= at || w.from >= segment.to) continue;
      if (w.from > at) out.push({ ...segment, from: at, to: w.from, excluded: true });
      const to = Math.min(w.to, segment.to);
      out.push({ ...segment, from: Math.max(w.from, at), to });
      at = to;
      if (at >= segment.to) break;
    }
    if (at < segment.to) out.push({ ...segment, from: at, to: segment.to, excluded: true });
  }
  return out;
}

export interface PricedInterval {
  /** Net kWh. */
  kwh: number;
  /** TWD; null when no segment of the interval has a tariff. */
  cost: number | null;
  /** The one period of all its segments, else null. */
  period: TouPeriod | null;
}

export interface PricedRange {
  intervals: PricedInterval[];
  total: PricedInterval;
  byPeriod: Array<{ period: TouPeriod; kwh: number; cost: number | null }>;
}

const addCost = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : a + b);

/**
 * Prices the segments' net kWh (`kwh[i]` of segment i) and adds them up per
 * interval, over the range, and per period. A segment without a tariff adds
 * its kWh but no cost.
 */
export function priceSegments(
  segments: readonly RateSegment[],
  kwh: readonly number[],
  intervalCount: number,
): PricedRange {
  const intervals: PricedInterval[] = Array.from({ length: intervalCount }, () => ({
    kwh: 0,
    cost: null,
    period: null,
  }));
  const seen = Array.from({ length: intervalCount }, () => new Set<TouPeriod | null>());
  const periods = new Map<TouPeriod, { kwh: number; cost: number | null }>(
    TOU_PERIODS.map((p) => [p, { kwh: 0, cost: null }]),
  );
  const total: PricedInterval = { kwh: 0, cost: null, period: null };
  segments.forEach((segment, i) => {
    const target = intervals[segment.interval];
    if (segment.excluded) {
      // Outside the windows: nothing counts, but a priced interval stays 0, not null.
      if (segment.rate === null) return;
      if (target) target.cost = addCost(target.cost, 0);
      total.cost = addCost(total.cost, 0);
      return;
    }
    const energy = kwh[i] ?? 0;
    const cost = segment.rate === null ? null : energy * segment.rate;
    if (target) {
      target.kwh += energy;
      target.cost = addCost(target.cost, cost);
      seen[segment.interval]!.add(segment.period);
    }
    total.kwh += energy;
    total.cost = addCost(total.cost, cost);
    if (segment.period) {
      const sum = periods.get(segment.period)!;
      sum.kwh += energy;
      sum.cost = addCost(sum.cost, cost);
    }
  });
  intervals.forEach((interval, i) => {
    const kinds = [...seen[i]!];
    interval.period = kinds.length === 1 ? (kinds[0] ?? null) : null;
  });
  const anyTariff = segments.some((s) => s.rate !== null);
  const byPeriod = TOU_PERIODS.map((period) => {
    const sum = periods.get(period)!;
    return { period, kwh: sum.kwh, cost: anyTariff ? (sum.cost ?? 0) : null };
  });
  return { intervals, total, byPeriod };
}
