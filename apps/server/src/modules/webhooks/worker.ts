import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../platform/db/db.ts';
import { afterFailedAttempt } from '../mail/index.ts';
import { deliverWebhook } from './deliver.ts';
import { claimNextDelivery, markDeliveryFailed, markDeliverySent } from './repo/outbox.ts';

/** Longer than an attempt can take (10 s), so only a stopped worker's rows are retaken. */
export const CLAIM_LOCK_MS = 2 * 60_000;

export interface WebhookDrainResult {
  sent: number;
  failed: number;
}

export interface WebhookWorker {
  /** Delivers everything due (with `now`, the run reads that instant as the time). Runs never overlap. */
  drain(now?: Date): Promise<WebhookDrainResult>;
  idle(): Promise<void>;
}

/**
 * The webhook outbox worker, as the mail worker: claim one due delivery at a
 * time, POST it, mark it sent or back off. At least once: a stop between the
 * receiver's 2xx and the mark sends it again after the lock, with the same
 * idempotency key.
 */
export function createWebhookWorker(options: {
  db: Queryable;
  log: FastifyBaseLogger;
  clock?: () => Date;
  telegramApiBase?: string;
}): WebhookWorker {
  const { db, log, telegramApiBase } = options;
  const clock = options.clock ?? (() => new Date());
  let queue: Promise<unknown> = Promise.resolve();

  async function deliverDue(pinned: Date | undefined): Promise<WebhookDrainResult> {
    const now = () => pinned ?? clock();
    const result: WebhookDrainResult = { sent: 0, failed: 0 };
    for (;;) {
      const claimedAt = now();
      const delivery = await claimNextDelivery(
        db,
        claimedAt,
        new Date(claimedAt.getTime() + CLAIM_LOCK_MS),
      );
      if (!delivery) return result;
      const outcome = await deliverWebhook(
        delivery.destination,
        delivery.body,
        `wattboard-${delivery.id}`,
        now(),
        telegramApiBase,
      );
      if (outcome.delivered) {
        await markDeliverySent(db, delivery.id, now());
        result.sent += 1;
        continue;
      }
      const next = afterFailedAttempt(delivery.attempts, now());
      await markDeliveryFailed(db, delivery.id, next, outcome.error ?? 'failed');
      result.failed += 1;
      const context = {
        webhookOutboxId: delivery.id,
        destinationId: delivery.destination.id,
        attempts: next.attempts,
        error: outcome.error,
      };
      if (next.status === 'failed')
        log.error(context, 'webhooks: giving up after the last attempt');
      else log.warn({ ...context, nextAttemptAt: next.nextAttemptAt }, 'webhooks: delivery failed');
    }
  }

  return {
    drain(now) {
      const run = queue.then(() => deliverDue(now));
      queue = run.catch(() => undefined);
      return run;
    },
    idle: () => queue.then(() => undefined),
  };
}
