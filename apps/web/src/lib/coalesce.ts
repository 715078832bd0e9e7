export interface TimerApi {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const globalTimers: TimerApi = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface Coalescer {
  /** Something happened: make sure `flush` runs once, `delayMs` after the first push of a burst. */
  push(): void;
  /** Drop a pending flush (unmount, another node). */
  cancel(): void;
}

/**
 * Folds a burst of events into one action. Unlike a trailing debounce the
 * first push fixes the moment, so a steady stream of pushes (a virtual node
 * summing many meters) still flushes every `delayMs` instead of never.
 */
export function createCoalescer(
  delayMs: number,
  flush: () => void,
  timers: TimerApi = globalTimers,
): Coalescer {
  let pending: unknown = null;
  return {
    push() {
      if (pending !== null) return;
      pending = timers.setTimeout(() => {
        pending = null;
        flush();
      }, delayMs);
    },
    cancel() {
      if (pending === null) return;
      timers.clearTimeout(pending);
      pending = null;
    },
  };
}
