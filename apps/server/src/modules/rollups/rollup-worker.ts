/**
 * The deferred rollup work (issue #9, speed): ingest acknowledges once its
 * readings and their mark are committed; this worker drains the marks soon
 * after, so many batches' work is done once (a quarter hour is recomputed once
 * for a burst of batches, not once per batch). One worker per database handle;
 * across instances the factory's advisory lock lets one drain a factory at a
 * time. Marks are rows, so a restarted server finishes what was left.
 */
import { setTimeout as delay } from 'node:timers/promises';
import type { Db } from '../../platform/db/db.ts';
import { drainDelay } from './drain-pace.ts';
import { drainOnce, MARKS_PER_TRANSACTION } from './drain-rollups.ts';
import { factoriesWithMarks } from './repo/rollup-marks.ts';

/** Pause before retrying after a failed drain (the marks are still there). */
const RETRY_MS = 1_000;

export interface RollupWorkerOptions {
  onError?: (error: unknown, factoryId: number) => void;
  /** After each committed drain: how long each of its batches waited from storing to visible, ms. */
  onDrained?: (factoryId: number, lagsMs: number[]) => void;
}

export interface RollupWorker {
  /**
   * Schedules a drain of the factory; resolves once the mark `markId` is done,
   * or else once every mark committed before the call is (or the worker
   * stopped; the marks then wait for the next start). Never rejects: failures
   * go to onError and are retried.
   */
  settle(factoryId: number, markId?: number): Promise<void>;
  /** How long the factory's oldest batch not yet in the rollups has waited (this process), ms. */
  behindMs(factoryId: number): number;
  /** Finishes the work under way and stops; later settle() calls drain inline. */
  stop(): Promise<void>;
}

const workers = new WeakMap<Db, RollupWorker>();

/** The worker draining this database's marks, if one was started. */
export function rollupWorkerOf(db: Db): RollupWorker | undefined {
  return workers.get(db);
}

interface Waiter {
  markId: number | undefined;
  since: number;
  resolve: () => void;
}

interface FactoryState {
  running: Promise<void> | null;
  /** Waiters registered since the current drain pass began: they need one more pass. */
  waiting: Waiter[];
  /** Waiters of the current pass whose mark is not yet done. */
  current: Waiter[];
}

/** When the newest and the oldest batch this process waits on were stored. */
function waitingSpan(state: FactoryState): { newest: number | null; oldest: number | null } {
  let newest: number | null = null;
  let oldest: number | null = null;
  for (const w of [...state.current, ...state.waiting]) {
    if (w.markId === undefined) continue;
    if (newest === null || w.since > newest) newest = w.since;
    if (oldest === null || w.since < oldest) oldest = w.since;
  }
  return { newest, oldest };
}

/**
 * Waits as drain-pace.ts says before the factory's next take (batches may come
 * meanwhile); a stopping worker drains what is left without resting.
 */
async function pace(state: FactoryState, stop: AbortSignal): Promise<void> {
  while (!stop.aborted) {
    const { newest, oldest } = waitingSpan(state);
    const ms = drainDelay(performance.now(), newest, oldest);
    if (ms <= 0) return;
    // An abort (stop) ends the rest at once; that is not an error.
    await delay(ms, undefined, { signal: stop }).catch(() => undefined);
    if (newest === null) return;
  }
}

/** Starts the worker for `db` and drains what an earlier run left. */
export function startRollupWorker(db: Db, options: RollupWorkerOptions = {}): RollupWorker {
  if (workers.has(db)) throw new Error('a rollup worker already runs for this database');
  const states = new Map<number, FactoryState>();
  let stopped = false;
  const stopping = new AbortController();

  const pass = async (factoryId: number, state: FactoryState): Promise<void> => {
    await pace(state, stopping.signal);
    while (state.waiting.length > 0) {
      state.current.push(...state.waiting.splice(0));
      for (;;) {
        try {
          const taken = await drainOnce(db, factoryId);
          if (taken === null) break;
          const done = new Set(taken.ids);
          const waiters = state.current.splice(0);
          for (const w of waiters) {
            if (w.markId !== undefined && done.has(w.markId)) w.resolve();
            else state.current.push(w);
          }
          const sinceTaken = performance.now() - taken.takenAt;
          options.onDrained?.(
            factoryId,
            taken.agesMs.map((age) => age + sinceTaken),
          );
          // Batches still coming in: rest before the next take, so it covers many of them.
          // A full take means a backlog (a restart, a backfill): no rest, catch up.
          const more =
            state.waiting.length > 0 || state.current.some((w) => w.markId !== undefined);
          if (more && taken.ids.length < MARKS_PER_TRANSACTION) await pace(state, stopping.signal);
        } catch (error) {
          options.onError?.(error, factoryId);
          // Stopping: the marks stay for the next start.
          if (stopped) break;
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
      }
      // An empty take under the lock: every mark committed before this pass is done.
      for (const w of state.current.splice(0)) w.resolve();
    }
  };

  const kick = (factoryId: number, state: FactoryState) => {
    if (state.running || state.waiting.length === 0) return;
    state.running = pass(factoryId, state).finally(() => {
      state.running = null;
      kick(factoryId, state); // a waiter that came after the last look
    });
  };

  const worker: RollupWorker = {
    settle(factoryId, markId) {
      const state = states.get(factoryId) ?? {
        running: null,
        waiting: [],
        current: [],
      };
      states.set(factoryId, state);
      const done = new Promise<void>((resolve) =>
        state.waiting.push({ markId, since: performance.now(), resolve }),
      );
      kick(factoryId, state);
      return done;
    },
    behindMs(factoryId) {
      const state = states.get(factoryId);
      const oldest = state?.current[0]?.since ?? state?.waiting[0]?.since;
      return oldest === undefined ? 0 : performance.now() - oldest;
    },
    async stop() {
      stopped = true;
      stopping.abort();
      workers.delete(db);
      while ([...states.values()].some((s) => s.running)) {
        await Promise.allSettled([...states.values()].map((s) => s.running));
      }
    },
  };
  workers.set(db, worker);
  void factoriesWithMarks(db).then(
    (ids) => ids.forEach((id) => void worker.settle(id)),
    (error: unknown) => options.onError?.(error, 0),
  );
  return worker;
}
