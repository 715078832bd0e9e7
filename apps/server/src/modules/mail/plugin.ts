import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { createMailTransport } from './transport.ts';
import { createOutboxWorker, type ClearLinkMaker, type DrainResult } from './worker.ts';
import { every, periodicTask } from '../../platform/periodic-task.ts';

export interface MailService {
  /** Wake the worker soon (call after a commit that queued mail). */
  kick(): void;
  /** Run every due send now and resolve with what happened (tests pin the clock with `now`). */
  drain(now?: Date): Promise<DrainResult>;
  /** How alarm mails get each receiver's clear link (the alarm-links module sets it). */
  useClearLinks(maker: ClearLinkMaker): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

export interface MailPluginOptions {
  /** SMTP server (SMTP_URL); without it each mail becomes an .eml file in outboxDir. */
  smtpUrl?: string | undefined;
  mailFrom: string;
  outboxDir: string;
  /** How often the worker looks for due rows (retries, other instances' mail). */
  pollMs?: number;
}

export const DEFAULT_POLL_MS = 10_000;
/** A kick waits this long, so the several mails of one commit go out in one run. */
const KICK_DELAY_MS = 100;

/**
 * The mail outbox worker (docs/decisions/0027-mail-outbox.md). While the server listens it drains on
 * start (mail left from before a restart), every pollMs, and soon after each
 * kick. Under `inject` nothing runs by itself: tests call `app.mail.drain()`.
 * Closing waits for a send in flight.
 */
const mailPluginImpl: FastifyPluginAsync<MailPluginOptions> = async (app, options) => {
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const transport = createMailTransport({
    smtpUrl: options.smtpUrl,
    mailFrom: options.mailFrom,
    outboxDir: options.outboxDir,
    log: app.log,
  });
  let clearLinks: ClearLinkMaker | undefined;
  const worker = createOutboxWorker({
    db: app.db,
    transport,
    log: app.log,
    clearLinkFor: () => clearLinks,
  });

  // Runs on start (mail left from before a restart), every pollMs, and soon after a kick;
  // a stream of kicks never postpones a run that is already due.
  const outbox = periodicTask({
    name: 'mail: outbox run',
    log: app.log,
    run: () => worker.drain(),
    next: every(pollMs),
    firstDelayMs: 0,
  });

  app.decorate('mail', {
    kick: () => outbox.wake(KICK_DELAY_MS),
    drain: (now) => worker.drain(now),
    useClearLinks: (maker) => {
      clearLinks = maker;
    },
  } satisfies MailService);

  app.addHook('onListen', async () => {
    if (options.smtpUrl) app.log.info('mail: the outbox worker sends through SMTP_URL');
    else
      app.log.info({ outboxDir: options.outboxDir }, 'mail: no SMTP_URL; mail becomes .eml files');
    outbox.start();
  });
  app.addHook('preClose', async () => {
    await outbox.stop();
    await worker.idle();
    transport.close();
  });
};

export const mailPlugin = fp(mailPluginImpl, { name: 'mail', dependencies: ['db'] });
