/**
 * The work that follows a committed batch (hub fan-out, alarm evaluation),
 * taken off the ingest answer. Each listener has one lane per factory: a lane
 * runs its batches one at a time in the order they were announced, so one
 * factory's alarms see its readings in commit order, while a slow or failing
 * listener (or factory) never holds up the others.
 */

export interface AnnouncedBatch<T> {
  factoryId: number;
  items: readonly T[];
  /** When it was announced (the queue's clock, ms). */
  announcedAt: number;
  /**
   * Listeners run only once this resolves: the rollups include the batch (alarms
   * read block demand from them). Never rejects.
   */
  ready: Promise<void>;
}

export interface QueueListener<T> {
  /** For logs and metrics: 'hub', 'alarms'. */
  name: string;
  run(factoryId: number, items: readonly T[]): Promise<void> | void;
  /** Tries in all, the first included; 1 means a failure is only logged. */
  attempts: number;
}

export interface QueueObserver {
  /** A run failed; it is tried again after delayMs, or given up when delayMs is null. */
  failed(
    listener: string,
    factoryId: number,
    attempt: number,
    err: unknown,
    delayMs: number | null,
  ): void;
  /** A batch is done with this listener (succeeded or given up), ageMs after it was announced. */
  finished(listener: string, ageMs: number): void;
}

export interface AnnounceQueueOptions {
  /** Runs fn after ms; tests pass a fake to retry without waiting. */
  schedule?: (fn: () => void, ms: number) => void;
  now?: () => number;
  /** First retry delay, doubled per attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  observer?: QueueObserver;
}

export const DEFAULT_BASE_DELAY_MS = 250;
export const DEFAULT_MAX_DELAY_MS = 30_000;

/** The wait before retry number `retry` (1-based): doubling, capped. */
export function retryDelayMs(retry: number, baseMs: number, maxMs: number): number {
  return Math.min(maxMs, baseMs * 2 ** (retry - 1));
}

const settled = Promise.resolve();

const realSchedule = (fn: () => void, ms: number) => {
  setTimeout(fn, ms).unref();
};

interface Lane<T> {
  listener: QueueListener<T>;
  pending: AnnouncedBatch<T>[];
  running: boolean;
}

export class AnnounceQueue<T> {
  readonly #listeners: QueueListener<T>[] = [];
  readonly #lanes = new Map<string, Lane<T>>();
  readonly #idleWaiters: (() => void)[] = [];
  readonly #schedule: (fn: () => void, ms: number) => void;
  readonly #now: () => number;
  readonly #baseDelayMs: number;
  readonly #maxDelayMs: number;
  readonly #observer: QueueObserver | undefined;
  /** Batches not yet finished, summed over lanes (a batch counts once per listener). */
  #unfinished = 0;
  /** Announced batches whose `ready` has not resolved yet (idle() waits for them even without listeners). */
  #notReady = 0;

  constructor(options: AnnounceQueueOptions = {}) {
    this.#schedule = options.schedule ?? realSchedule;
    this.#now = options.now ?? Date.now;
    this.#baseDelayMs = options.baseDelayMs ?? DEFAULT_BASE_DELAY_MS;
    this.#maxDelayMs = options.maxDelayMs ?? DEFAULT_MAX_DELAY_MS;
    this.#observer = options.observer;
  }

  subscribe(listener: QueueListener<T>): void {
    this.#listeners.push(listener);
  }

  /**
   * Queues the batch for every listener and returns at once. Its listeners wait
   * for `ready` (the batch's rollups), and a lane's later batches wait behind
   * it, so each factory's order stays the commit order.
   */
  announce(factoryId: number, items: readonly T[], ready: Promise<void> = settled): void {
    // idle() waits for every announced batch's rollups, even one no listener gets (history).
    if (ready !== settled) {
      this.#notReady += 1;
      void ready.then(() => {
        this.#notReady -= 1;
        this.#wakeIdle();
      });
    }
    if (items.length === 0) return;
    const batch: AnnouncedBatch<T> = { factoryId, items, announcedAt: this.#now(), ready };
    for (const listener of this.#listeners) {
      const key = `${listener.name}\u0000${factoryId}`;
      let lane = this.#lanes.get(key);
      if (!lane) {
        lane = { listener, pending: [], running: false };
        this.#lanes.set(key, lane);
      }
      lane.pending.push(batch);
      this.#unfinished += 1;
      if (!lane.running) void this.#drainLane(key, lane);
    }
  }

  /**
   * Resolves once nothing is queued or running (retries included) and every
   * announced batch is ready (in the rollups), so a test can read them.
   */
  idle(): Promise<void> {
    if (this.#unfinished === 0 && this.#notReady === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idleWaiters.push(resolve));
  }

  #wakeIdle(): void {
    if (this.#unfinished > 0 || this.#notReady > 0) return;
    for (const resolve of this.#idleWaiters.splice(0)) resolve();
  }

  /** Batches waiting or running, per listener summed. */
  get depth(): number {
    return this.#unfinished;
  }

  /** Age (ms) of the oldest unfinished batch; 0 when idle. */
  lagMs(): number {
    let oldest = Infinity;
    for (const lane of this.#lanes.values()) {
      const head = lane.pending[0];
      if (head && head.announcedAt < oldest) oldest = head.announcedAt;
    }
    return oldest === Infinity ? 0 : Math.max(0, this.#now() - oldest);
  }

  async #drainLane(key: string, lane: Lane<T>): Promise<void> {
    lane.running = true;
    while (lane.pending.length > 0) {
      const batch = lane.pending[0]!;
      await batch.ready;
      await this.#runWithRetry(lane.listener, batch);
      lane.pending.shift();
      this.#observer?.finished(lane.listener.name, this.#now() - batch.announcedAt);
      this.#unfinished -= 1;
    }
    lane.running = false;
    // An empty lane is forgotten, so factories that went quiet cost nothing.
    this.#lanes.delete(key);
    this.#wakeIdle();
  }

  async #runWithRetry(listener: QueueListener<T>, batch: AnnouncedBatch<T>): Promise<void> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        await listener.run(batch.factoryId, batch.items);
        return;
      } catch (err) {
        const retry = attempt < listener.attempts;
        const delay = retry ? retryDelayMs(attempt, this.#baseDelayMs, this.#maxDelayMs) : null;
        this.#observer?.failed(listener.name, batch.factoryId, attempt, err, delay);
        if (delay === null) return;
        await new Promise<void>((resolve) => this.#schedule(resolve, delay));
      }
    }
  }
}
