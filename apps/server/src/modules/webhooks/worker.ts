import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../platform/db/db.ts';
import { afterFailedAttempt } from '../mail/index.ts';
import { clearLinkReceiver, fillClearLink, holdsClearLink } from './calc/clear-link.ts';
import { CHAT_APIS, deliverWebhook, type ChatApis } from './deliver.ts';
import {
  claimNextDelivery,
  markDeliveryFailed,
  markDeliverySent,
  type OutboxDelivery,
} from './repo/outbox.ts';

/** Longer than an attempt can take (10 s), so only a stopped worker's rows are retaken. */
export const CLAIM_LOCK_MS = 2 * 60_000;

export interface WebhookDrainResult {
  sent: number;
  failed: number;
}

/**
 * Makes a link that clears one alarm, for the audit log's `receiver` (the
 * alarm-links module sets it, decision 0074); null when there is none to make.
 */
export type WebhookClearLinkMaker = (link: {
  factoryId: number;
  eventId: number;
  receiver: string;
}) => Promise<string | null>;

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
  apis?: ChatApis;
  /** The clear link maker, once alarm-links has set one. */
  clearLinkFor?: () => WebhookClearLinkMaker | undefined;
}): WebhookWorker {
  const { db, log } = options;
  const apis = options.apis ?? CHAT_APIS;
  const clock = options.clock ?? (() => new Date());
  let queue: Promise<unknown> = Promise.resolve();

  /** The body with a clear link made now for this attempt; a failure drops the link, never the alert. */
  async function withClearLink(delivery: OutboxDelivery): Promise<string> {
    const maker = options.clearLinkFor?.();
    let url: string | null = null;
    if (maker && delivery.eventId !== null && holdsClearLink(delivery.body)) {
      try {
        url = await maker({
          factoryId: delivery.destination.factoryId,
          eventId: delivery.eventId,
          receiver: clearLinkReceiver(delivery.destination),
        });
      } catch (error) {
        log.warn(
          { webhookOutboxId: delivery.id, err: error },
          'webhooks: no clear link; sent without one',
        );
      }
    }
    return fillClearLink(delivery.body, url);
  }

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
        await withClearLink(delivery),
        `wattboard-${delivery.id}`,
        now(),
        apis,
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
