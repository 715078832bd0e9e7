import { ingestRequest, ingestResponse, type IngestResponse } from '@wattboard/contract/ingest';
import type { ReadingQueue } from './queue.ts';

/**
 * Sends the queue to the server's ingest call (POST /v1/Ingest/Readings, Bearer gateway key),
 * oldest first, one batch at a time. A batch leaves the queue only once the server answered 200
 * (which means "committed", docs/product/ingest-and-simulator.md); anything else — refused,
 * unreachable, 5xx — keeps it and backs off (doubling up to maxBackoffMs), then sends the same
 * batch again. Resending is safe: the server counts a repeated reading as a duplicate.
 */

export interface SenderOptions {
  serverUrl: string;
  gatewayKey: string;
  batchSize: number;
  initialBackoffMs: number;
  maxBackoffMs: number;
  /** How long one request may take before it counts as failed. */
  requestTimeoutMs: number;
  log?: (message: string) => void;
}

export type SendOutcome = 'empty' | 'sent' | 'failed';

export class Sender {
  /** Readings the server acknowledged since start, and requests that failed. */
  readonly stats = { acknowledged: 0, duplicates: 0, rejected: 0, failures: 0 };
  private running = false;
  private backoffMs: number;
  private wake: (() => void) | undefined;
  /** Set by a push; a push between a look at the queue and the wait must not be missed. */
  private pushed = false;
  private loop: Promise<void> | undefined;
  private readonly log: (message: string) => void;
  private readonly url: string;

  private readonly queue: ReadingQueue;
  private readonly options: SenderOptions;

  constructor(queue: ReadingQueue, options: SenderOptions) {
    this.queue = queue;
    this.options = options;
    this.backoffMs = options.initialBackoffMs;
    this.log = options.log ?? ((m) => console.warn(m));
    this.url = new URL('/v1/Ingest/Readings', options.serverUrl).toString();
  }

  /** Sends the oldest batch once. */
  async sendOnce(): Promise<SendOutcome> {
    const rows = this.queue.peek(this.options.batchSize);
    if (rows.length === 0) return 'empty';
    const body = ingestRequest.parse({ readings: rows.map((r) => JSON.parse(r.body) as object) });
    let answer: IngestResponse;
    try {
      answer = await this.post(body);
    } catch (error) {
      this.stats.failures++;
      this.log(`gateway sender: ${(error as Error).message}; retrying in ${this.backoffMs} ms`);
      return 'failed';
    }
    this.queue.remove(rows.map((r) => r.id));
    this.stats.acknowledged += rows.length;
    this.stats.duplicates += answer.duplicates;
    this.stats.rejected += answer.rejected.length;
    // A refused reading will be refused again: it is logged, not resent.
    for (const r of answer.rejected.slice(0, 5)) {
      this.log(`server refused a reading of ${r.serial ?? '?'}: ${r.reason}`);
    }
    this.backoffMs = this.options.initialBackoffMs;
    return 'sent';
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    const unsubscribe = this.queue.onPush(() => {
      this.pushed = true;
      this.wake?.();
    });
    this.loop = (async () => {
      while (this.running) {
        this.pushed = false;
        const outcome = await this.sendOnce();
        if (outcome === 'sent') continue;
        const wait = outcome === 'failed' ? this.backoffMs : 1000;
        if (outcome === 'failed') {
          this.backoffMs = Math.min(this.backoffMs * 2, this.options.maxBackoffMs);
        }
        await this.sleep(wait, outcome === 'empty');
      }
      unsubscribe();
    })();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
  }

  /** Waits `ms`; an empty queue's wait also ends as soon as a reading is pushed. */
  private sleep(ms: number, wakeOnPush: boolean): Promise<void> {
    return new Promise((resolve) => {
      if (wakeOnPush && this.pushed) return resolve();
      const done = () => {
        clearTimeout(timer);
        this.wake = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      // A push ends an idle wait; stop() ends any wait; a backoff is not cut short by new readings.
      this.wake = () => {
        if (wakeOnPush || !this.running) done();
      };
    });
  }

  private async post(body: unknown): Promise<IngestResponse> {
    const response = await fetch(this.url, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${this.options.gatewayKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.options.requestTimeoutMs),
    });
    const text = await response.text();
    if (response.status !== 200) {
      throw new Error(`server answered HTTP ${response.status} ${text.slice(0, 200)}`);
    }
    const parsed = ingestResponse.safeParse(JSON.parse(text));
    if (!parsed.success)
      throw new Error(`server answer is not an ingest response: ${text.slice(0, 200)}`);
    return parsed.data;
  }
}
