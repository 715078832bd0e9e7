import { HOUR_MS, MINUTE_MS } from '@wattboard/zone-time';
import { simEnvironment } from './environment.ts';
import {
  buildReadings,
  factoryKw,
  type ExtraKw,
  type OffCheck,
  type SimReading,
} from './generator.ts';
import type { SimModel, SimNode } from './model.ts';
import { kvarhAfter, nodePowerFactor } from './reactive.ts';

/** Where a node's cumulative counters stood at its last reading. */
export interface NodeCounter {
  ts: number;
  forward: number;
  reverse: number;
  /** The lagging kvarh counter; null (or absent) when the node had none then. */
  kvarh?: number | null;
}

/**
 * A stretch of simulated time, computed oldest first (counters only move
 * forward) but kept compact — kW and counters per node and instant in typed
 * arrays, about 100 bytes per reading — so readings can be built and stored
 * newest first, batch by batch, without holding them all in memory.
 */
export interface History {
  times: number[];
  spans: number[];
  kw: Float64Array[];
  forward: Float64Array[];
  reverse: Float64Array[];
  /** NaN where the node has no kvarh counter. */
  kvarh: Float64Array[];
  /** 1 where the node gets a reading at that instant. */
  emitted: Uint8Array[];
  readingCount: number;
  /** Counters after the newest instant: where live streaming continues. */
  finalCounters: Map<number, NodeCounter>;
}

/** The interval a reading reports when nothing precedes it in the plan. */
const DEFAULT_SPAN_MS = MINUTE_MS;
/** A reading never claims to average more than this; longer gaps are gaps. */
const MAX_SPAN_MS = HOUR_MS;

export interface HistoryOptions {
  /** Counters to continue from; a node with one gets readings only after its instant. */
  start?: ReadonlyMap<number, NodeCounter>;
  /** A node without a start counter gets readings from this instant on (default: all). */
  startsAt?: (node: SimNode) => number;
  /** A node gets readings only before this instant (default: no limit). */
  endsBefore?: (node: SimNode) => number;
  /** The instant before the first one, for the first reading's interval. */
  previousTime?: number | null;
  /** Labelled waste to add to circuits (waste-cases.ts); none unless asked for. */
  extraKw?: ExtraKw;
}

/**
 * Simulates `times` (ascending) for every node. A node without a start counter
 * begins at the meter's initial counter values. Energy between two readings of
 * a node is the newer reading's kW over the time between them
 * (counter += kW × Δt).
 */
export function simulateHistory(
  model: SimModel,
  times: readonly number[],
  isOff: OffCheck,
  options: HistoryOptions = {},
): History {
  const { start = new Map(), startsAt = () => -Infinity, endsBefore = () => Infinity } = options;
  const previousTime = options.previousTime ?? null;
  const counters = new Map(start);
  const history: History = {
    times: [...times],
    spans: [],
    kw: [],
    forward: [],
    reverse: [],
    kvarh: [],
    emitted: [],
    readingCount: 0,
    finalCounters: counters,
  };
  times.forEach((end, i) => {
    const before = i > 0 ? times[i - 1]! : previousTime;
    const span = before === null ? DEFAULT_SPAN_MS : Math.min(MAX_SPAN_MS, end - before);
    const env = simEnvironment(end, span, model.timeZone, model.seed);
    const kw = factoryKw(model, env, isOff, options.extraKw);
    const n = model.nodes.length;
    const forward = new Float64Array(n);
    const reverse = new Float64Array(n);
    const kvarh = new Float64Array(n).fill(NaN);
    const emitted = new Uint8Array(n);
    for (const node of model.nodes) {
      const previous = counters.get(node.id);
      if (previous ? end <= previous.ts : end < startsAt(node)) continue;
      if (end >= endsBefore(node)) continue;
      const next: NodeCounter = previous
        ? { ...previous, ts: end }
        : { ts: end, forward: node.initialForwardKwh, reverse: node.initialReverseKwh };
      if (previous) {
        const kwh = ((kw[node.index] ?? 0) * (end - previous.ts)) / HOUR_MS;
        if (kwh > 0) next.forward += kwh;
        else next.reverse -= kwh;
        if (typeof next.kvarh === 'number' && node.initialKvarh !== null) {
          next.kvarh = kvarhAfter(next.kvarh, kwh, nodePowerFactor(node, kw, env));
        }
      }
      // A first reading, or one after readings stored before the counter existed: it starts here.
      next.kvarh ??= node.initialKvarh;
      counters.set(node.id, next);
      forward[node.index] = next.forward;
      reverse[node.index] = next.reverse;
      kvarh[node.index] = next.kvarh ?? NaN;
      emitted[node.index] = 1;
      history.readingCount += 1;
    }
    history.spans.push(span);
    history.kw.push(kw);
    history.forward.push(forward);
    history.reverse.push(reverse);
    history.kvarh.push(kvarh);
    history.emitted.push(emitted);
  });
  return history;
}

/**
 * Moves one node's counters by a constant, so history simulated on its own
 * joins readings already stored after it (an interrupted backfill resumed).
 * Counters stay monotonic; they never go below zero.
 */
export function shiftCounters(
  history: History,
  node: SimNode,
  forwardDelta: number,
  reverseDelta: number,
  /** null: the stored readings have no kvarh, so neither has the history before them. */
  kvarhDelta: number | null = 0,
): void {
  for (let i = 0; i < history.times.length; i += 1) {
    if (history.emitted[i]![node.index] !== 1) continue;
    const forward = history.forward[i]!;
    const reverse = history.reverse[i]!;
    const kvarh = history.kvarh[i]!;
    forward[node.index] = Math.max(0, forward[node.index]! + forwardDelta);
    reverse[node.index] = Math.max(0, reverse[node.index]! + reverseDelta);
    kvarh[node.index] = kvarhDelta === null ? NaN : Math.max(0, kvarh[node.index]! + kvarhDelta);
  }
}

/** The readings of instants [from, to) of a history. */
export function historyReadings(model: SimModel, history: History, from: number, to: number) {
  const readings: SimReading[] = [];
  for (let i = from; i < to; i += 1) {
    const env = simEnvironment(history.times[i]!, history.spans[i]!, model.timeZone, model.seed);
    const forward = history.forward[i]!;
    const reverse = history.reverse[i]!;
    const kvarh = history.kvarh[i]!;
    const emitted = history.emitted[i]!;
    readings.push(
      ...buildReadings(
        model,
        env,
        history.kw[i]!,
        (node) => ({
          forward: forward[node.index] ?? 0,
          reverse: reverse[node.index] ?? 0,
          kvarh: kvarh[node.index] ?? null,
        }),
        (node) => emitted[node.index] === 1,
      ),
    );
  }
  return readings;
}

/**
 * Readings in batches of about `batchSize`, newest instants first, so the
 * recent past (what people look at first) is stored first.
 */
export function* newestFirstBatches(
  model: SimModel,
  history: History,
  batchSize: number,
): Generator<SimReading[]> {
  const perInstant = Math.max(1, model.nodes.length);
  const instantsPerBatch = Math.max(1, Math.floor(batchSize / perInstant));
  for (let to = history.times.length; to > 0; to -= instantsPerBatch) {
    const batch = historyReadings(model, history, Math.max(0, to - instantsPerBatch), to);
    if (batch.length > 0) yield batch;
  }
}
