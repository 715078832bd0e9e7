import { MINUTE_MS } from '@wattboard/zone-time';
import { inAnomalyWindow, type SimEnvironment } from './environment.ts';
import { loadKw } from './loads.ts';
import type { SimModel, SimNode } from './model.ts';
import { circuitPhases, meterPhases, type Phases } from './phases.ts';
import { clamp, smoothNoise } from './random.ts';

/**
 * One reading as a gateway would send it (contract `wireReading`): the
 * simulator speaks the same wire format as real meters.
 */
export interface SimReading {
  serial: string;
  ts: string;
  phases: Phases;
  kw: number;
  kwhForward: number;
  kwhReverse: number;
  /** Only from meters with a kvarh counter (model.ts initialKvarh). */
  kvarhLagging?: number;
  frequency: number;
  temperature: number;
}

/**
 * Is this node switched off, directly or through a metered ancestor? `level`
 * optionally scales a circuit's own load (an air conditioner's mode and
 * set-point, set by Control).
 */
export type OffCheck = ((node: SimNode) => boolean) & { level?: (node: SimNode) => number };

export function offCheck(
  offIds: ReadonlySet<number>,
  levels: ReadonlyMap<number, number> = new Map(),
): OffCheck {
  const check: OffCheck = (node) =>
    offIds.has(node.id) || node.ancestorIds.some((id) => offIds.has(id));
  check.level = (node) => levels.get(node.id) ?? 1;
  return check;
}

/** Panel wiring, terminals and the meter itself: a little over 1 % of what flows, plus a fixed draw. */
function unmeteredKw(childrenKw: number, env: SimEnvironment, node: SimNode): number {
  const positive = Math.max(0, childrenKw);
  return (
    (0.3 + 0.015 * positive) * (1 + 0.05 * smoothNoise(node.load.key, env.mid, 20 * MINUTE_MS, 80))
  );
}

/**
 * kW a circuit draws beyond its load model over an interval: injected, labelled
 * waste (waste-cases.ts) for measuring the waste finder. None by default.
 */
export type ExtraKw = (node: SimNode, env: SimEnvironment) => number;

/**
 * kW of every metered node for one interval, indexed like model.nodes. A
 * circuit follows its load model; a meter reads its circuits plus a small
 * unmetered load; a switched-off node draws nothing.
 */
export function factoryKw(
  model: SimModel,
  env: SimEnvironment,
  isOff: OffCheck,
  extraKw?: ExtraKw,
): Float64Array {
  const kw = new Float64Array(model.nodes.length);
  for (const node of model.nodes) {
    if (isOff(node)) continue;
    if (node.children.length === 0) {
      const own = loadKw(node.load, env) * (isOff.level?.(node) ?? 1);
      kw[node.index] = extraKw ? own + extraKw(node, env) : own;
      continue;
    }
    let sum = 0;
    for (const child of node.children) sum += kw[child.index] ?? 0;
    kw[node.index] = sum + unmeteredKw(sum, env, node);
  }
  return kw;
}

/** About one hot-terminal event per panel every six weeks, up to ten minutes long. */
const HOT_SPOT_CHANCE_PER_HOUR = 1 / 1000;

/** Panel temperature, °C: the room (following the weather) plus the heat of the load. */
function panelTemperature(node: SimNode, kw: number, env: SimEnvironment): number {
  const outdoors = node.load.kind === 'solar';
  const room = outdoors ? env.ambientC + 14 * env.sunlight : 24 + 0.45 * (env.ambientC - 18);
  const loadHeat = 10 * Math.min(1.2, node.ratedKw > 0 ? Math.abs(kw) / node.ratedKw : 0);
  const drift = 0.6 * smoothNoise(node.load.key, env.mid, 30 * MINUTE_MS, 81);
  const normal = clamp(room + loadHeat + drift, 25, 45);
  const hotSpot =
    env.detailed && inAnomalyWindow(node.load.key, env.mid, HOT_SPOT_CHANCE_PER_HOUR, 90, 10);
  return hotSpot ? normal + 15 : normal;
}

export interface Counters {
  forward: number;
  reverse: number;
  /** The lagging kvarh counter; null (or absent) when the node has none. */
  kvarh?: number | null;
}

const round = (value: number, digits: number) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/**
 * The readings of one instant from its kW values and counters, for the nodes
 * `emit` selects. Circuits are built before their meters, which aggregate
 * their phases.
 */
export function buildReadings(
  model: SimModel,
  env: SimEnvironment,
  kw: Float64Array,
  countersOf: (node: SimNode) => Counters,
  emit: (node: SimNode) => boolean,
): SimReading[] {
  const phasesByIndex: Phases[] = [];
  const readings: SimReading[] = [];
  const ts = new Date(env.end).toISOString();
  const frequency = round(env.frequencyHz, 3);
  for (const node of model.nodes) {
    const nodeKw = kw[node.index] ?? 0;
    let phases: Phases;
    if (node.children.length === 0) {
      phases = circuitPhases(node, nodeKw, env);
    } else {
      const children = node.children.map((child) => ({
        node: child,
        phases: phasesByIndex[child.index] ?? {},
        kw: kw[child.index] ?? 0,
      }));
      const childrenKw = children.reduce((sum, child) => sum + child.kw, 0);
      phases = meterPhases(node, children, nodeKw - childrenKw, env);
    }
    phasesByIndex[node.index] = phases;
    if (!emit(node)) continue;
    const counters = countersOf(node);
    readings.push({
      serial: node.serial,
      ts,
      phases,
      kw: round(nodeKw, 3),
      kwhForward: round(counters.forward, 3),
      kwhReverse: round(counters.reverse, 3),
      ...(typeof counters.kvarh === 'number' && Number.isFinite(counters.kvarh)
        ? { kvarhLagging: round(counters.kvarh, 3) }
        : {}),
      frequency,
      temperature: round(panelTemperature(node, nodeKw, env), 1),
    });
  }
  return readings;
}
