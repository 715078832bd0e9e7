import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../platform/db/db.ts';
import {
  loadHistoryReach,
  loadLastCounters,
  loadOldestReadings,
  loadSimulatedFactory,
  type SimulatedFactory,
} from './repo/factory-source.ts';
import { historyIncomplete, resumeHistory } from './resume.ts';
import { offCheck, type SimReading } from './generator.ts';
import { newestFirstBatches, simulateHistory, type History, type NodeCounter } from './history.ts';
import {
  BACKFILL_TIERS,
  CATCH_UP_TIERS,
  floorToMinute,
  planSampleTimes,
  type Tier,
} from './plan.ts';

/** What the ingest path answers for a batch (contract ingestResponse). */
export interface WriteResult {
  accepted: number;
  duplicates: number;
  rejected: ReadonlyArray<{ index: number; serial: string | null; reason: string }>;
}
export type ReadingWriter = (factoryId: number, readings: SimReading[]) => Promise<WriteResult>;

export interface RunResult {
  /** Readings generated and sent to ingest. */
  readings: number;
  accepted: number;
  duplicates: number;
  rejected: number;
  /** Oldest and newest simulated instants (null when there was nothing to do). */
  from: Date | null;
  to: Date | null;
  milliseconds: number;
}

export interface SimulatorDeps {
  db: Db;
  log: FastifyBaseLogger;
  write: ReadingWriter;
  /**
   * Where live ticks go when not through `write` (SIMULATOR_TRANSPORT=mqtt: the
   * broker, as a gateway sends them). Start-up history always goes through `write`.
   */
  liveWrite?: ReadingWriter;
  seed: number;
  factorySlug: string;
  /** Readings per ingest call: large enough to amortise a transaction, small enough to interleave ticks. */
  batchSize: number;
}

/**
 * Lets timers and HTTP requests run between two batches. PGlite executes in
 * this thread and answers through microtasks only, so without this a long
 * backfill would hold the event loop and the server would not answer.
 */
const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

const emptyResult = (): RunResult => ({
  readings: 0,
  accepted: 0,
  duplicates: 0,
  rejected: 0,
  from: null,
  to: null,
  milliseconds: 0,
});

/**
 * The virtual factory at run time: it keeps each node's counters and on/off
 * state, backfills history on a first start, catches up after a restart, and
 * sends a reading per node each minute — all through the ingest path.
 * Database writes are serialised, so a live tick slips in between two
 * backfill batches instead of waiting for the whole history.
 */
export function createSimulator(deps: SimulatorDeps) {
  const { db, log } = deps;
  const offIds = new Set<number>();
  const levels = new Map<number, number>();
  let counters = new Map<number, NodeCounter>();
  let countersLoaded = false;
  let writes: Promise<unknown> = Promise.resolve();
  let stopped = false;

  function serialised<T>(task: () => Promise<T>): Promise<T> {
    const run = writes.then(task, task);
    writes = run.catch(() => undefined);
    return run;
  }

  async function factory(): Promise<SimulatedFactory | null> {
    const found = await loadSimulatedFactory(db, deps.factorySlug, deps.seed);
    if (!found)
      log.warn({ slug: deps.factorySlug }, 'simulator: factory not found, nothing to simulate');
    return found;
  }

  async function ensureCounters(factoryId: number): Promise<void> {
    if (countersLoaded) return;
    counters = await loadLastCounters(db, factoryId);
    countersLoaded = true;
  }

  /** Stores a computed history newest first; reports progress for long runs. */
  async function store(
    target: SimulatedFactory,
    history: History,
    label: string,
    write: ReadingWriter = deps.write,
  ) {
    const result = emptyResult();
    const started = performance.now();
    const long = history.readingCount > 10 * deps.batchSize;
    if (long) log.info({ readings: history.readingCount }, `simulator: ${label} started`);
    let nextReport = 0.25;
    for (const batch of newestFirstBatches(target.model, history, deps.batchSize)) {
      await yieldToEventLoop();
      if (stopped) break;
      const written = await serialised(() => write(target.factoryId, batch));
      result.readings += batch.length;
      result.accepted += written.accepted;
      result.duplicates += written.duplicates;
      result.rejected += written.rejected.length;
      if (written.rejected.length > 0) {
        log.warn({ rejected: written.rejected.slice(0, 3) }, 'simulator: ingest rejected readings');
      }
      if (long && result.readings / history.readingCount >= nextReport) {
        log.info(
          { stored: result.readings, of: history.readingCount, back: batch[0]?.ts },
          `simulator: ${label} ${Math.round(nextReport * 100)} %`,
        );
        nextReport += 0.25;
      }
    }
    result.from = history.times.length > 0 ? new Date(history.times[0]!) : null;
    result.to = history.times.length > 0 ? new Date(history.times.at(-1)!) : null;
    result.milliseconds = Math.round(performance.now() - started);
    if (long) {
      const perSecond = Math.round(result.readings / Math.max(0.001, result.milliseconds / 1000));
      log.info({ ...result, perSecond }, `simulator: ${label} done`);
    }
    return result;
  }

  /** First start: history back to the tiers' reach, computed at once, stored newest first. */
  function prepareBackfill(target: SimulatedFactory, now: Date, tiers: readonly Tier[]): History {
    const times = planSampleTimes(now.getTime(), tiers);
    const history = simulateHistory(target.model, times, offCheck(offIds, levels));
    counters = history.finalCounters;
    countersLoaded = true;
    return history;
  }

  /** Every instant since the oldest last reading, up to now; a node new to the simulator starts now. */
  function prepareCatchUp(target: SimulatedFactory, now: Date): History {
    const newest = floorToMinute(now.getTime());
    const lastTimes = [...counters.values()].map((counter) => counter.ts);
    const after = lastTimes.length > 0 ? Math.min(...lastTimes) : null;
    const times = after === null ? [newest] : planSampleTimes(newest, CATCH_UP_TIERS, after);
    const history = simulateHistory(target.model, times, offCheck(offIds, levels), {
      start: counters,
      startsAt: () => newest,
      previousTime: after,
    });
    counters = history.finalCounters;
    return history;
  }

  /** The older part of a first-start history that an interrupted start never stored, if any. */
  async function prepareResume(target: SimulatedFactory, now: Date, tiers: readonly Tier[]) {
    const plannedOldest = planSampleTimes(now.getTime(), tiers)[0];
    if (plannedOldest === undefined) return null;
    const reach = await loadHistoryReach(db, target.factoryId);
    if (!historyIncomplete(plannedOldest, reach.oldestReading, reach.oldestRollup)) return null;
    const oldest = await loadOldestReadings(db, target.factoryId);
    return resumeHistory(target.model, now.getTime(), tiers, oldest, offCheck(offIds, levels));
  }

  return {
    /** Backfills history as on a first start (tests pass short tiers). */
    async backfill(now = new Date(), tiers: readonly Tier[] = BACKFILL_TIERS): Promise<RunResult> {
      const target = stopped ? null : await factory();
      if (!target) return emptyResult();
      return store(target, prepareBackfill(target, now, tiers), 'history backfill');
    },

    /** One live step: a reading per node at this minute, after any instants missed since the last. */
    async tick(now = new Date()): Promise<RunResult> {
      const target = stopped ? null : await factory();
      if (!target) return emptyResult();
      await ensureCounters(target.factoryId);
      return store(target, prepareCatchUp(target, now), 'catch-up', deps.liveWrite);
    },

    /**
     * Start-up: backfill when the factory has no readings yet; otherwise fill the
     * gap since the last ones, then any older history an interrupted first
     * start left out. `onPrepared` runs once the counters are known, so live
     * ticks can start while history is still being stored.
     */
    async start(
      now: Date,
      onPrepared: () => void,
      tiers: readonly Tier[] = BACKFILL_TIERS,
    ): Promise<RunResult> {
      const target = stopped ? null : await factory();
      if (!target) return emptyResult();
      await ensureCounters(target.factoryId);
      const fresh = counters.size === 0;
      if (fresh) {
        const history = prepareBackfill(target, now, tiers);
        onPrepared();
        return store(target, history, 'history backfill');
      }
      const recent = prepareCatchUp(target, now);
      onPrepared();
      const result = await store(target, recent, 'catch-up');
      const older = stopped ? null : await prepareResume(target, now, tiers);
      if (!older) return result;
      const resumed = await store(target, older, 'resumed history backfill');
      return {
        readings: result.readings + resumed.readings,
        accepted: result.accepted + resumed.accepted,
        duplicates: result.duplicates + resumed.duplicates,
        rejected: result.rejected + resumed.rejected,
        from: resumed.from,
        to: result.to,
        milliseconds: result.milliseconds + resumed.milliseconds,
      };
    },

    /** Control's commands: an off circuit (or everything below an off meter) draws ~0 kW. */
    setCircuitOn(nodeId: number, on: boolean): void {
      if (on) offIds.delete(nodeId);
      else offIds.add(nodeId);
    },

    isCircuitOn(nodeId: number): boolean {
      return !offIds.has(nodeId);
    },

    /** Scales a circuit's own load from its next reading (1 = as modelled): an AC's mode and set-point. */
    setCircuitLevel(nodeId: number, level: number): void {
      if (!Number.isFinite(level) || level < 0) throw new RangeError(`Not a load level: ${level}`);
      if (level === 1) levels.delete(nodeId);
      else levels.set(nodeId, level);
    },

    circuitLevel(nodeId: number): number {
      return levels.get(nodeId) ?? 1;
    },

    /** Stops after the batch in flight; resolves when nothing is being written. */
    async stop(): Promise<void> {
      stopped = true;
      await writes;
    },
  };
}

export type Simulator = ReturnType<typeof createSimulator>;
