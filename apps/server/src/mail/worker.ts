/**
 * The outbox worker: sends every due row, one claim at a time, and records
 * the outcome. Delivery is at least once (a crash between the transport's
 * acceptance and the `sent` mark resends after the lock expires) and never
 * again once marked sent. Several instances may run on one database.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../db/db.ts';
import { afterFailedAttempt, MAX_SEND_ATTEMPTS } from './backoff.ts';
import { claimNextDueMail, markMailAttemptFailed, markMailSent } from './outbox.ts';
import type { MailTransport } from './transport.ts';

/**
 * How long a claimed row belongs to its worker. Longer than any SMTP attempt
 * can take (see SMTP_TIMEOUTS), so only a crashed worker's rows are retaken.
 */
export const CLAIM_LOCK_MS = 5 * 60_000;

export interface DrainResult {
  /** Mails the transport accepted in this run. */
  sent: number;
  /** Attempts that failed in this run (retried later, or given up after the maximum). */
  failed: number;
}

export interface OutboxWorkerOptions {
  db: Queryable;
  transport: MailTransport;
  log: FastifyBaseLogger;
  maxAttempts?: number;
  /** The wall clock (tests may pin a run's clock with drain(now) instead). */
  clock?: () => Date;
}

export interface OutboxWorker {
  /**
   * Sends everything due. With `now`, the whole run reads that instant as the
   * time (due rows, backoff, sent_at); otherwise the clock at each step.
   * Runs never overlap: a drain requested during another starts when it ends.
   */
  drain(now?: Date): Promise<DrainResult>;
  /** Resolves when the current and queued drains are done (for a clean stop). */
  idle(): Promise<void>;
}

function errorText(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : String(error);
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const { db, transport, log } = options;
  const maxAttempts = options.maxAttempts ?? MAX_SEND_ATTEMPTS;
  const clock = options.clock ?? (() => new Date());
  let queue: Promise<unknown> = Promise.resolve();

  async function sendDue(pinned: Date | undefined): Promise<DrainResult> {
    const now = () => pinned ?? clock();
    const result: DrainResult = { sent: 0, failed: 0 };
    for (;;) {
      const claimedAt = now();
      const lockedUntil = new Date(claimedAt.getTime() + CLAIM_LOCK_MS);
      const mail = await claimNextDueMail(db, claimedAt, lockedUntil);
      if (!mail) return result;
      try {
        await transport.send(mail);
      } catch (error) {
        const outcome = afterFailedAttempt(mail.attempts, now(), maxAttempts);
        await markMailAttemptFailed(db, mail.id, outcome, errorText(error));
        result.failed += 1;
        const context = { outboxId: mail.id, attempts: outcome.attempts, err: error };
        if (outcome.status === 'failed')
          log.error(context, 'mail: giving up after the last attempt');
        else log.warn({ ...context, nextAttemptAt: outcome.nextAttemptAt }, 'mail: send failed');
        continue;
      }
      await markMailSent(db, mail.id, now());
      result.sent += 1;
    }
  }

  return {
    drain(now) {
      const run = queue.then(() => sendDue(now));
      queue = run.catch(() => undefined);
      return run;
    },
    idle: () => queue.then(() => undefined),
  };
}
