import type { FastifyInstance } from 'fastify';
import {
  ADMIN_MESSAGES,
  adminOutboxList,
  adminWebhookRetry,
  StatusCode,
} from '@wattboard/contract';
import { recordAudit } from '../audit/index.ts';
import { registerAdminCall } from '../auth/index.ts';
import { findDelivery, listOutbox, requeueFailedDelivery } from './repo/outbox-admin.ts';

/**
 * Admin › Outbox (issue #28): e-mail and every webhook or chat destination in
 * one list; a failed delivery is retried here, a failed mail by Mail/Retry.
 */
export async function adminOutboxRoutes(app: FastifyInstance) {
  registerAdminCall(app, adminOutboxList, async ({ body, factoryId, ok }) => ({
    ...ok,
    ...(await listOutbox(app.db, factoryId, body)),
  }));

  registerAdminCall(app, adminWebhookRetry, async ({ body, factoryId, actor, ok, fail }) => {
    const outcome = await app.db.transaction(async (tx) => {
      const delivery = await findDelivery(tx, factoryId, body.deliveryId);
      if (!delivery) return 'missing' as const;
      if (!(await requeueFailedDelivery(tx, factoryId, delivery.id))) return 'not-failed' as const;
      await recordAudit(tx, {
        factoryId,
        actor,
        action: 'webhook.retry',
        target: { type: 'webhook-delivery', id: delivery.id },
        detail: {
          to: delivery.to,
          channel: delivery.channel,
          attempts: delivery.attempts,
          lastError: delivery.lastError,
        },
      });
      return (await findDelivery(tx, factoryId, delivery.id))!;
    });
    if (outcome === 'missing') return fail(StatusCode.DataNotFound, ADMIN_MESSAGES.notFound);
    if (outcome === 'not-failed') return fail(StatusCode.Fail, ADMIN_MESSAGES.deliveryNotFailed);
    if (app.hasDecorator('webhooks')) app.webhooks.kick();
    return { ...ok, item: outcome };
  });
}
