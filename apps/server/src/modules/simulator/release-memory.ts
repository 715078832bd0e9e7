import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

type Collect = (options?: { type?: 'major'; execution?: 'sync'; flavor?: 'last-resort' }) => void;

let collect: Collect | null | undefined;

/**
 * One full garbage collection, now (memory budget: under 450 MB RSS after a first
 * start's backfill). Storing 114,000 readings leaves V8's heap at ~250–300 MB
 * of which ~50 MB is live; V8 gives the rest back only when its memory reducer
 * notices the process is idle, tens of seconds later (measured: 611 MB RSS at
 * the end of the backfill, 397 MB a minute on, V8 heap 246 → 51 MB). Called once
 * when a long run of stores ends; a ~0.1 s pause then costs nobody a page.
 * Without --expose-gc the collector is reached through V8's flag, as Node allows.
 */
export function releaseMemory(): void {
  if (collect === undefined) {
    try {
      setFlagsFromString('--expose-gc');
      collect = runInNewContext('gc') as Collect;
    } catch {
      collect = null;
    }
  }
  // 'last-resort' is V8's memory-reducing collection: it also unmaps the emptied pages.
  collect?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
