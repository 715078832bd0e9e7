import fp from 'fastify-plugin';
import { AnnounceQueue, type AnnounceQueueOptions } from './announce-queue.ts';
import type { NormalizedReading } from '../rollups/index.ts';
import { stillNews } from './feed-horizon.ts';

/**
 * Called after readings are committed, with only the newly stored ones (no
 * duplicates). Alarms evaluate them and the hub pushes DeviceReading.
 */
export type ReadingsListener = (
  factoryId: number,
  stored: readonly NormalizedReading[],
) => Promise<void> | void;

export interface SubscribeOptions {
  /** Tries in all (1: a failure is logged and the batch left). */
  attempts?: number;
  /**
   * The oldest reading (ms before the announcement) the listener looks at; the
   * feed drops what no listener wants before it queues a batch. Default: all.
   */
  maxAgeMs?: number;
}

export interface ReadingsFeed {
  /**
   * Listeners run after the ingest answer, one batch at a time per factory in
   * commit order. A failure is logged and retried with backoff up to
   * `attempts`; it never reaches the ingest caller, whose readings are stored.
   */
  subscribe(name: string, listener: ReadingsListener, options?: SubscribeOptions): void;
  /**
   * Queues a committed batch for every listener and returns at once; the
   * listeners run once `rollupsSettled` resolves (the batch is in the rollups
   * and latest_readings). `app.ingest` calls it.
   */
  announce(
    factoryId: number,
    stored: readonly NormalizedReading[],
    rollupsSettled?: Promise<void>,
  ): void;
  /** Resolves once every announced batch is in the rollups and done with its listeners (tests, shutdown). */
  idle(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    readingsFeed: ReadingsFeed;
  }
}

export interface ReadingsFeedOptions extends Pick<
  AnnounceQueueOptions,
  'schedule' | 'baseDelayMs' | 'maxDelayMs'
> {
  /** On close, wait at most this long for the queue (a listener retrying against a dead database). */
  closeTimeoutMs?: number;
}

const DEFAULT_CLOSE_TIMEOUT_MS = 10_000;

/**
 * What follows a commit, for every ingest path (HTTP, MQTT, simulator): the
 * feed queues each stored batch for its listeners, so the gateway's answer
 * (and the MQTT acknowledgement) does not wait for hub fan-out and alarm
 * evaluation. The queue lives in memory; docs/decisions/0012-ingest-entry-point-and-readings-feed.md says what a crash
 * costs and why that is acceptable.
 */
export const readingsFeedPlugin = fp<ReadingsFeedOptions>(
  async (app, options) => {
    const log = app.log.child({ module: 'readings-feed' });
    const { feedFailures, feedDelay, feedDepth, feedLag } = app.metrics;
    const queue = new AnnounceQueue<NormalizedReading>({
      ...options,
      observer: {
        failed(listener, factoryId, attempt, err, delayMs) {
          feedFailures.inc({ listener, result: delayMs === null ? 'given_up' : 'retried' });
          if (delayMs === null) {
            log.error(
              { err, listener, factoryId, attempt },
              'stored readings were not handled by a listener; giving up on this batch',
            );
          } else {
            log.warn(
              { err, listener, factoryId, attempt, retryInMs: delayMs },
              'a stored-readings listener failed; retrying',
            );
          }
        },
        finished(listener, ageMs) {
          feedDelay.observe({ listener }, ageMs / 1000);
        },
      },
    });
    app.metrics.onScrape(() => {
      feedDepth.set(queue.depth);
      feedLag.set(queue.lagMs() / 1000);
    });

    // The oldest reading any listener looks at (none subscribed yet: nothing is wanted).
    let horizonMs = 0;
    app.decorate('readingsFeed', {
      subscribe: (name, listener, subscribeOptions = {}) => {
        horizonMs = Math.max(horizonMs, subscribeOptions.maxAgeMs ?? Number.POSITIVE_INFINITY);
        queue.subscribe({ name, run: listener, attempts: subscribeOptions.attempts ?? 1 });
      },
      // A batch with no news is still announced: idle() waits for its rollups too.
      announce: (factoryId, stored, rollupsSettled) =>
        queue.announce(factoryId, stillNews(stored, Date.now(), horizonMs), rollupsSettled),
      idle: () => queue.idle(),
    } satisfies ReadingsFeed);

    const drain = async (stage: string) => {
      if (queue.depth === 0) return;
      log.info(
        { stage, depth: queue.depth },
        'shutdown: finishing stored batches for alarms and the hub',
      );
      const timeoutMs = options.closeTimeoutMs ?? DEFAULT_CLOSE_TIMEOUT_MS;
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(true), timeoutMs).unref();
      });
      const late = await Promise.race([queue.idle().then(() => false), timedOut]);
      clearTimeout(timer);
      if (late) {
        log.error(
          { stage, depth: queue.depth, lagMs: queue.lagMs() },
          'shutdown: stored readings still queued for alarms and the hub are abandoned',
        );
      }
    };
    // First while sockets are still open (pending pushes still reach browsers);
    // again at onClose, after the MQTT and simulator hooks stopped adding work
    // (they run in between) and before the database closes (its hook runs after this).
    app.addHook('preClose', () => drain('preClose'));
    app.addHook('onClose', () => drain('onClose'));
  },
  { name: 'readings-feed', dependencies: ['metrics'] },
);
