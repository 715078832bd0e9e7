// BENCH_PARTS=waste: the waste finder (issue #27, docs/waste.md) against labelled
// waste the simulator injects into the demo factory's history: a compressor left
// running over a weekend, lights on all night, machines switched off late, slow
// leaks. Quarter-hour history of every circuit is computed in memory with a few
// meter outages; the finder runs on it as it would on stored rollups; the share of
// cases found (within a day of their start) and of findings that match no case
// are printed. Standby findings are the demo's modelled idle draws, not cases, so
// they are counted apart.
import { weekdayOf } from '@wattboard/zone-time';
import { buildSimModel } from '../apps/server/src/modules/simulator/model.ts';
import { DEFAULT_SEED, wasteHistory } from '../apps/server/src/modules/simulator/index.ts';
import {
  DEMO_SHIFTS,
  findWaste,
  scoreFindings,
  type WasteFinding,
  type WasteScore,
} from '../apps/server/src/modules/waste/index.ts';
import { ZoneClock } from '@wattboard/zone-time';
import { demoRows } from './demand.ts';

export interface WasteBenchOptions {
  /** Local date of the first day. */
  firstDay: string;
  days: number;
  seed?: number;
  outagesPerCircuit?: number;
}

export interface WasteBenchResult extends WasteScore {
  standby: WasteFinding[];
  byWhat: Map<string, { cases: number; found: number }>;
  milliseconds: number;
}

const byWeekday = (date: string) => {
  const weekday = weekdayOf(date);
  return weekday === 0 ? 'sundayHoliday' : weekday === 6 ? 'saturday' : 'weekday';
};

/** Runs the finder on a seeded, labelled history of the demo factory and scores it. */
export function benchWaste(options: WasteBenchOptions): WasteBenchResult {
  const seed = options.seed ?? DEFAULT_SEED;
  const model = buildSimModel(demoRows(), 'Asia/Taipei', seed);
  const history = wasteHistory(model, {
    firstDay: options.firstDay,
    days: options.days,
    seed,
    outagesPerCircuit: options.outagesPerCircuit ?? 2,
  });
  const clock = new ZoneClock('Asia/Taipei');
  const started = performance.now();
  const findings = findWaste({
    points: [...history.series].map(([pointId, quarters]) => ({ pointId, quarters })),
    partsOf: (t) => clock.localParts(t),
    dayTypeOf: byWeekday,
    shifts: DEMO_SHIFTS,
  });
  const milliseconds = performance.now() - started;
  const scored = findings.filter((f) => f.kind !== 'standby');
  const score = scoreFindings(history.labels, scored);
  const byWhat = new Map<string, { cases: number; found: number }>();
  for (const label of history.labels) {
    const row = byWhat.get(label.what) ?? { cases: 0, found: 0 };
    row.cases += 1;
    if (!score.missed.includes(label)) row.found += 1;
    byWhat.set(label.what, row);
  }
  return {
    ...score,
    standby: findings.filter((f) => f.kind === 'standby'),
    byWhat,
    milliseconds,
  };
}
