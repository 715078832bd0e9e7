import { addDays, DAY_MS, HOUR_MS, weekdayOf, ZoneClock } from '@wattboard/zone-time';
import type { ExtraKw } from './generator.ts';
import type { LoadKind } from './load-kinds.ts';
import type { SimModel, SimNode } from './model.ts';
import { clamp, unit } from './random.ts';

/**
 * Labelled waste for measuring the waste finder (issue #27, docs/waste.md):
 * cases a factory really has, placed by a seed so the same seed gives the
 * same cases, added on top of the circuits' own load only when a caller asks
 * (simulateHistory's extraKw). The demo's own history never has any.
 */
export type WasteCaseKind = 'offHours' | 'overrun' | 'creep';

export interface WasteLabel {
  nodeId: number;
  serial: string;
  name: string;
  kind: WasteCaseKind;
  what: 'compressorWeekend' | 'lightsAtNight' | 'acAtNight' | 'lateSwitchOff' | 'leak';
  /** When the waste began and ended (a leak is never fixed: it lasts to the end of history). */
  from: number;
  to: number;
}

export interface WasteCase extends WasteLabel {
  /** Extra kW at an instant. */
  kwAt: (instant: number) => number;
}

export interface WastePlanOptions {
  /** Local date of the first day of history. */
  firstDay: string;
  days: number;
  seed: number;
  /** No case before this many days: the finder needs earlier days to compare with. */
  warmupDays?: number;
}

/** Cases on one point are at least this far apart, as a fault fixed and a new one, weeks later. */
const MIN_GAP_DAYS = 21;

interface Recipe {
  kinds: readonly LoadKind[];
  /** Picks the case's windows of extra kW from a day and a random source. */
  place: (day: string, r: (n: number) => number, node: SimNode) => Placement | null;
}
interface Placement {
  what: WasteLabel['what'];
  kind: WasteCaseKind;
  /** Windows as [from hour, to hour) after local midnight of `day` (hours may pass 24). */
  windows: Array<[number, number]>;
  kw: number;
}

const isWeekday = (day: string) => weekdayOf(day) >= 1 && weekdayOf(day) <= 5;

const RECIPES: readonly Recipe[] = [
  {
    // A compressor that is off at weekends left running from the week's last shift.
    kinds: ['compressor'],
    place: (day, r, node) => {
      if (node.load.stage < 2 || weekdayOf(day) !== 5) return null;
      const from = r(1) < 0.5 ? 22 : 24 + 17; // Friday night or after Saturday's shift
      const to = r(2) < 0.6 ? 24 * 3 + 6 : 24 * 2 + 12 + 8 * r(3); // Monday 06:00 or Sunday
      return {
        what: 'compressorWeekend',
        kind: 'offHours',
        windows: [[from, to]],
        kw: 0.5 * node.ratedKw,
      };
    },
  },
  {
    // Lights on all night, one to three nights running (a timer failed, a patrol forgot).
    kinds: ['workshopLighting', 'warehouseLighting'],
    place: (day, r, node) => {
      if (!isWeekday(day) || weekdayOf(day) === 5) return null;
      const nights = 1 + Math.floor(3 * r(1));
      const from = [22, 23, 24.5][Math.floor(3 * r(2))]!;
      const windows = Array.from({ length: nights }, (_, n): [number, number] => [
        24 * n + from,
        24 * n + 29.5 + 0.5 * r(3),
      ]);
      return { what: 'lightsAtNight', kind: 'offHours', windows, kw: 0.85 * node.ratedKw };
    },
  },
  {
    // The office air conditioning left on overnight.
    kinds: ['officeAc'],
    place: (day, r, node) =>
      isWeekday(day) && weekdayOf(day) !== 5
        ? {
            what: 'acAtNight',
            kind: 'offHours',
            windows: [[18, 30 + r(1)]],
            kw: 0.5 * node.ratedKw,
          }
        : null,
  },
  {
    // A machine, an air handler or a pump switched off hours after the evening shift.
    kinds: ['cnc', 'airHandler', 'coolantPump'],
    place: (day, r, node) =>
      isWeekday(day)
        ? {
            what: 'lateSwitchOff',
            kind: 'overrun',
            windows: [[22, 23.5 + 2.5 * r(1)]],
            kw: 0.6 * node.ratedKw,
          }
        : null,
  },
];

/** Slow rises: a compressed-air leak, a leaking float valve that keeps a pump busy. */
const LEAK_KINDS: Partial<Record<LoadKind, (node: SimNode, r: number) => number>> = {
  compressor: (node, r) => (node.load.stage === 1 ? 8 + 4 * r : 0),
  waterPump: (_node, r) => 1.5 + r,
  wastewater: (_node, r) => 1.5 + r,
};

/** The cases of a stretch of history: deterministic in the seed, the model and the dates. */
export function planWasteCases(model: SimModel, options: WastePlanOptions): WasteCase[] {
  const clock = new ZoneClock(model.timeZone);
  const warmup = options.warmupDays ?? 21;
  const at = (day: string, hours: number) => clock.startOfDay(day) + hours * HOUR_MS;
  const cases: WasteCase[] = [];
  const label = (node: SimNode, p: Placement, from: number, to: number, kwAt: WasteCase['kwAt']) =>
    cases.push({
      nodeId: node.id,
      serial: node.serial,
      name: node.name,
      kind: p.kind,
      what: p.what,
      from,
      to,
      kwAt,
    });
  for (const node of model.nodes) {
    if (node.children.length > 0) continue;
    const r = (salt: number, day = 0) => unit(node.load.key, options.seed + day, 900 + salt);
    const leak = LEAK_KINDS[node.load.kind]?.(node, r(50));
    if (leak) {
      // Halfway or later: the finder compares a fortnight with one four weeks before it.
      const fromDay = addDays(options.firstDay, Math.floor(options.days / 2 + 10 * r(51)));
      const from = at(fromDay, 24 * r(52));
      const grown = from + (14 + 7 * r(53)) * DAY_MS;
      const kwAt = (t: number) => (t < from ? 0 : leak * clamp((t - from) / (grown - from), 0, 1));
      // Nobody fixes it: the case lasts to the end of the history.
      const to = at(addDays(options.firstDay, options.days), 0);
      label(node, { what: 'leak', kind: 'creep', windows: [], kw: leak }, from, to, kwAt);
      continue;
    }
    const recipe = RECIPES.find((candidate) => candidate.kinds.includes(node.load.kind));
    if (!recipe) continue;
    let dayIndex = warmup + Math.floor(7 * r(60));
    while (dayIndex < options.days - 4) {
      const day = addDays(options.firstDay, dayIndex);
      const placed = recipe.place(day, (salt) => r(salt, dayIndex), node);
      if (!placed) {
        dayIndex += 1;
        continue;
      }
      const windows = placed.windows.map(([f, t]) => [at(day, f), at(day, t)] as const);
      const kwAt = (t: number) => (windows.some(([f, e]) => t >= f && t < e) ? placed.kw : 0);
      label(node, placed, windows[0]![0], windows.at(-1)![1], kwAt);
      dayIndex += MIN_GAP_DAYS + Math.floor(7 * r(61, dayIndex));
    }
  }
  return cases;
}

/**
 * The cases as extra kW for simulateHistory: each circuit's cases averaged over
 * the reading's interval (sampled each minute, so an hourly reading that holds
 * the first minutes of a case carries just those).
 */
export function wasteExtraKw(cases: readonly WasteCase[]): ExtraKw {
  const byNode = new Map<number, WasteCase[]>();
  for (const c of cases) byNode.set(c.nodeId, [...(byNode.get(c.nodeId) ?? []), c]);
  return (node, env) => {
    const own = byNode.get(node.id);
    if (!own) return 0;
    const steps = Math.max(1, Math.round(env.span / 60_000));
    let sum = 0;
    for (let s = 0; s < steps; s += 1) {
      const t = env.end - env.span + ((s + 0.5) * env.span) / steps;
      for (const c of own) sum += c.kwAt(t);
    }
    return sum / steps;
  };
}
