/**
 * The outbox worker: sends every due row, one claim at a time, and records
 * the outcome. Delivery is at least once (a crash between the transport's
 * acceptance and the `sent` mark resends after the lock expires) and never
 * again once marked sent. Several instances may run on one database.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../platform/db/db.ts';
import { afterFailedAttempt, MAX_SEND_ATTEMPTS } from './backoff.ts';
import { CLEAR_LINK_MARK, fillClearLink } from './clear-link.ts';
import {
  claimNextDueMail,
  markMailAttemptFailed,
  markMailSent,
  type OutboxMail,
} from './repo/outbox.ts';
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
  /** Waits between attempts to record a sent mail while the database is away (tests shorten them). */
  markSentRetryMs?: readonly number[];
  /** The receiver's clear link for an alarm mail, or null (already cleared); set by alarm-links. */
  clearLinkFor?: () => ClearLinkMaker | undefined;
}

/** Makes one receiver's link to clear one alarm, or null when there is nothing to clear. */
export type ClearLinkMaker = (mail: {
  factoryId: number;
  eventId: number;
  toAddress: string;
}) => Promise<string | null>;

/**
 * A mail the transport accepted must be marked sent, or it is sent again once
 * its lock expires: a database restart right after the SMTP answer did that.
 * So the mark is retried for about two minutes, well inside CLAIM_LOCK_MS.
 */
const MARK_SENT_RETRY_MS = [250, 500, 1000, 2000, 4000, 8000, 15_000, 30_000, 60_000];

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
  const retryMs = options.markSentRetryMs ?? MARK_SENT_RETRY_MS;
  let queue: Promise<unknown> = Promise.resolve();

  /** The alarm mail's clear link, made now for this receiver; a failure drops the line, never the mail. */
  async function withClearLink(mail: OutboxMail): Promise<OutboxMail> {
    if (!mail.bodyText.includes(CLEAR_LINK_MARK)) return mail;
    const maker = options.clearLinkFor?.();
    let url: string | null = null;
    if (maker && mail.factoryId !== null && mail.eventId !== null) {
      try {
        url = await maker({
          factoryId: mail.factoryId,
          eventId: mail.eventId,
          toAddress: mail.toAddress,
        });
      } catch (error) {
        log.warn({ outboxId: mail.id, err: error }, 'mail: no clear link; sent without one');
      }
    }
    const filled = fillClearLink({ text: mail.bodyText, html: mail.bodyHtml ?? '' }, url);
    return {
      ...mail,
      bodyText: filled.text,
      bodyHtml: mail.bodyHtml === null ? null : filled.html,
    };
  }

  async function markSentPersistently(id: number, sentAt: Date): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await markMailSent(db, id, sentAt);
        return;
      } catch (error) {
        const wait = retryMs[attempt];
        if (wait === undefined) throw error;
        log.warn({ outboxId: id, err: error }, 'mail: sent, but not yet recorded; retrying');
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  async function sendDue(pinned: Date | undefined): Promise<DrainResult> {
    const now = () => pinned ?? clock();
    const result: DrainResult = { sent: 0, failed: 0 };
    for (;;) {
      const claimedAt = now();
      const lockedUntil = new Date(claimedAt.getTime() + CLAIM_LOCK_MS);
      const mail = await claimNextDueMail(db, claimedAt, lockedUntil);
      if (!mail) return result;
      try {
        await transport.send(await withClearLink(mail));
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
      await markSentPersistently(mail.id, now());
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
