import type { FastifyBaseLogger } from 'fastify';

/**
 * Background work that repeats: the rollup drain's timers, the scheduler's
 * minute tick, the outbox, the offline check, retention, the session sweeps.
 * One helper instead of a hand-written setTimeout loop in each module, so
 * every loop has the same guarantees:
 * - runs never overlap: the next is timed from the end of the last;
 * - a failure is logged with the task's name, and the loop goes on;
 * - timers never hold the process open (a listening server does that);
 * - `stop()` cancels what is waiting and resolves once the run in flight ends.
 */
export interface PeriodicTask {
  /** Schedules the first run (after `firstDelayMs`); calling it again does nothing. */
  start(): void;
  /**
   * Runs within `delayMs` unless a run is already due sooner; during a run,
   * the next one follows it. Before `start()` or after `stop()` it does nothing.
   */
  wake(delayMs?: number): void;
  /** No more runs. Resolves when the run in flight (if any) has ended. */
  stop(): Promise<void>;
}

export interface PeriodicTaskOptions {
  /** Names the task in the log line of a failed run. */
  name: string;
  log: Pick<FastifyBaseLogger, 'error' | 'warn'>;
  run: () => Promise<unknown>;
  /** The wait before the next run, from the end of the last (given the current time). */
  next: (nowMs: number) => number;
  /** The wait before the first run; defaults to `next(now)`. */
  firstDelayMs?: number;
  /** How a failed run is logged; 'error' unless the task says a failure is routine. */
  failureLevel?: 'error' | 'warn';
  /** The clock; tests pass a fake one. */
  now?: () => number;
}

/** Every `ms` milliseconds. */
export const every = (ms: number) => (): number => ms;

/** At each minute's :00 plus `offsetMs` (the scheduler and the simulator tick on the minute). */
export const atEachMinute =
  (offsetMs: number) =>
  (nowMs: number): number =>
    60_000 - (nowMs % 60_000) + offsetMs;

export function periodicTask(options: PeriodicTaskOptions): PeriodicTask {
  const now = options.now ?? Date.now;
  let state: 'idle' | 'started' | 'stopped' = 'idle';
  let timer: NodeJS.Timeout | undefined;
  let dueAt = Infinity;
  let running: Promise<void> | null = null;
  let wakeAfterRun: number | null = null;

  const schedule = (delayMs: number) => {
    if (state !== 'started') return;
    clearTimeout(timer);
    dueAt = now() + delayMs;
    timer = setTimeout(runOnce, Math.max(0, delayMs));
    timer.unref();
  };

  const runOnce = () => {
    timer = undefined;
    dueAt = Infinity;
    running = options
      .run()
      .then(
        () => undefined,
        (err: unknown) => {
          options.log[options.failureLevel ?? 'error']({ err }, `${options.name}: run failed`);
        },
      )
      .finally(() => {
        running = null;
        const woken = wakeAfterRun;
        wakeAfterRun = null;
        const regular = options.next(now());
        schedule(woken === null ? regular : Math.min(woken, regular));
      });
  };

  return {
    start() {
      if (state !== 'idle') return;
      state = 'started';
      schedule(options.firstDelayMs ?? options.next(now()));
    },
    wake(delayMs = 0) {
      if (state !== 'started') return;
      if (running) {
        wakeAfterRun = wakeAfterRun === null ? delayMs : Math.min(wakeAfterRun, delayMs);
        return;
      }
      // Keep an earlier run: a stream of wake-ups must not postpone it forever.
      if (now() + delayMs >= dueAt) return;
      schedule(delayMs);
    },
    async stop() {
      state = 'stopped';
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
