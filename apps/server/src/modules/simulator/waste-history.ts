import { addDays, HOUR_MS, ZoneClock } from '@wattboard/zone-time';
import { offCheck } from './generator.ts';
import { simulateHistory } from './history.ts';
import type { SimModel } from './model.ts';
import { unit } from './random.ts';
import {
  planWasteCases,
  wasteExtraKw,
  type WasteLabel,
  type WastePlanOptions,
} from './waste-cases.ts';

const QUARTER_MS = 15 * 60_000;

export interface WasteHistoryOptions extends WastePlanOptions {
  /** Meter outages per circuit, 2 to 8 hours each at seeded times: the gaps real data has. */
  outagesPerCircuit?: number;
}

export interface WasteHistory {
  labels: WasteLabel[];
  /** Each circuit's quarter hours (start, mean kW), outages left out. */
  series: Map<number, Array<{ start: number; kw: number }>>;
  from: number;
  to: number;
}

/**
 * Quarter-hour history of the factory's circuits with labelled waste injected:
 * what a bench or a test runs the waste finder on. The same options give the
 * same history, cases and gaps.
 */
export function wasteHistory(model: SimModel, options: WasteHistoryOptions): WasteHistory {
  const clock = new ZoneClock(model.timeZone);
  const from = clock.startOfDay(options.firstDay);
  const to = clock.startOfDay(addDays(options.firstDay, options.days));
  const times: number[] = [];
  for (let end = from + QUARTER_MS; end <= to; end += QUARTER_MS) times.push(end);
  const cases = planWasteCases(model, options);
  const history = simulateHistory(model, times, offCheck(new Set()), {
    extraKw: wasteExtraKw(cases),
    previousTime: from,
  });
  const series = new Map<number, Array<{ start: number; kw: number }>>();
  for (const node of model.nodes) {
    if (node.children.length > 0) continue;
    const outages = Array.from({ length: options.outagesPerCircuit ?? 0 }, (_, n) => {
      const start = from + unit(node.load.key, options.seed, 700, n) * (to - from);
      return [start, start + (2 + 6 * unit(node.load.key, options.seed, 701, n)) * HOUR_MS];
    });
    const quarters: Array<{ start: number; kw: number }> = [];
    times.forEach((end, i) => {
      const start = end - QUARTER_MS;
      if (outages.some(([f, t]) => end > f! && start < t!)) return;
      quarters.push({ start, kw: history.kw[i]![node.index]! });
    });
    series.set(node.id, quarters);
  }
  const labels = cases.map(({ kwAt: _kwAt, ...label }) => label);
  return { labels, series, from, to };
}
