import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import { every, periodicTask } from '../../platform/periodic-task.ts';
import { TELEGRAM_API_BASE } from './calc/telegram.ts';
import { checkEscalations, ESCALATION_CHECK_MS } from './escalation.ts';
import {
  createWebhookWorker,
  type WebhookClearLinkMaker,
  type WebhookDrainResult,
} from './worker.ts';

export interface WebhookService {
  /** Wake the worker soon (after a commit that queued deliveries). */
  kick(): void;
  /** Deliver everything due now (tests pin the clock with `now`). */
  drain(now?: Date): Promise<WebhookDrainResult>;
  /** Queue the alarms due to escalation destinations (tests pin the clock); how many. */
  escalate(now?: Date): Promise<number>;
  /** Where Telegram deliveries go (TELEGRAM_API_BASE). */
  telegramApiBase: string;
  /** How alarm deliveries get their clear links (the alarm-links module sets it, decision 0074). */
  useClearLinks(maker: WebhookClearLinkMaker): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhookService;
  }
}

/** How often the worker looks for due deliveries (retries, other instances' events). */
export const WEBHOOK_POLL_MS = 10_000;
/** A kick waits this long, so the several events of one commit go out in one run. */
const KICK_DELAY_MS = 50;

/**
 * The webhook outbox worker (decision 0069). While the server listens it runs
 * on start, every WEBHOOK_POLL_MS and soon after each kick; under `inject`
 * nothing runs by itself (tests call `app.webhooks.drain()`). Closing waits
 * for a delivery in flight.
 */
const webhookPluginImpl: FastifyPluginAsync<{ pollMs?: number; telegramApiBase?: string }> = async (
  app,
  options,
) => {
  const telegramApiBase = options.telegramApiBase ?? TELEGRAM_API_BASE;
  let clearLinks: WebhookClearLinkMaker | undefined;
  const worker = createWebhookWorker({
    db: app.db,
    log: app.log,
    telegramApiBase,
    clearLinkFor: () => clearLinks,
  });
  const task = periodicTask({
    name: 'webhooks: outbox run',
    log: app.log,
    run: () => worker.drain(),
    next: every(options.pollMs ?? WEBHOOK_POLL_MS),
    firstDelayMs: 0,
  });
  const escalate = async (now = new Date()) => {
    const queued = await checkEscalations(app.db, now, app.log);
    if (queued > 0) task.wake(KICK_DELAY_MS);
    return queued;
  };
  // Escalation (decision 0072): open alarms past a destination's minutes, checked each minute.
  const escalation = periodicTask({
    name: 'webhooks: escalation check',
    log: app.log,
    run: () => escalate(),
    next: every(ESCALATION_CHECK_MS),
  });
  app.decorate('webhooks', {
    kick: () => task.wake(KICK_DELAY_MS),
    drain: (now) => worker.drain(now),
    escalate,
    telegramApiBase,
    useClearLinks: (maker) => {
      clearLinks = maker;
    },
  } satisfies WebhookService);
  app.addHook('onListen', async () => {
    task.start();
    escalation.start();
  });
  app.addHook('preClose', async () => {
    await escalation.stop();
    await task.stop();
    await worker.idle();
  });
};

export const webhookPlugin = fp(webhookPluginImpl, { name: 'webhooks', dependencies: ['db'] });
