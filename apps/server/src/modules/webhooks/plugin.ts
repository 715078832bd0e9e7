import { networkInterfaces } from 'node:os';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { publicOrigin } from '../../platform/http/public-origin.ts';
import { every, periodicTask } from '../../platform/periodic-task.ts';
import { LINE_API_BASE } from './calc/line.ts';
import { TELEGRAM_API_BASE } from './calc/telegram.ts';
import type { ChatApis } from './deliver.ts';
import { lineWebhookRoutes } from './line-routes.ts';
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
  /** Where Telegram and LINE deliveries go (TELEGRAM_API_BASE, LINE_API_BASE). */
  apis: ChatApis;
  /** PUBLIC_URL or the server's own address, for the LINE webhook address Admin pastes. */
  origin(): string;
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
export interface WebhookPluginOptions {
  pollMs?: number;
  telegramApiBase?: string;
  lineApiBase?: string;
  /** PUBLIC_URL and PORT, for the LINE webhook address (as the clear links make theirs). */
  publicUrl?: string | undefined;
  port?: number;
}

function listeningAddress(app: FastifyInstance) {
  const address = app.server.address();
  return address && typeof address === 'object' ? address : null;
}

const webhookPluginImpl: FastifyPluginAsync<WebhookPluginOptions> = async (app, options) => {
  const apis: ChatApis = {
    telegram: options.telegramApiBase ?? TELEGRAM_API_BASE,
    line: options.lineApiBase ?? LINE_API_BASE,
  };
  // PUBLIC_URL, or the server's own address; never a request's Host (see public-origin.ts).
  const origin = () =>
    publicOrigin({
      publicUrl: options.publicUrl,
      listening: listeningAddress(app),
      configuredPort: options.port ?? 3000,
      interfaces: networkInterfaces(),
    });
  let clearLinks: WebhookClearLinkMaker | undefined;
  const worker = createWebhookWorker({
    db: app.db,
    log: app.log,
    apis,
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
    apis,
    origin,
    useClearLinks: (maker) => {
      clearLinks = maker;
    },
  } satisfies WebhookService);
  // LINE posts its webhook events here (no session: the channel secret's signature is the permission).
  await app.register(lineWebhookRoutes, { apis });
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
