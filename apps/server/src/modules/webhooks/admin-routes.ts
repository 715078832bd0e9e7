import type { FastifyInstance } from 'fastify';
import {
  ADMIN_MESSAGES,
  adminWebhookList,
  adminWebhookRemove,
  adminWebhookSave,
  adminWebhookTest,
  StatusCode,
} from '@wattboard/contract';
import { registerAdminCall } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import { webhookTestBody } from './calc/payload.ts';
import { deliverWebhook } from './deliver.ts';
import {
  findWebhook,
  insertWebhook,
  listWebhooks,
  newWebhookSecret,
  removeWebhook,
  updateWebhook,
} from './repo/destinations.ts';

/**
 * Admin › Alerts › Webhooks (issue #28, decision 0069): the factory's webhook
 * destinations; a signing secret shown once; a test message sent at once.
 */
export async function adminWebhookRoutes(app: FastifyInstance) {
  registerAdminCall(app, adminWebhookList, async ({ factoryId, ok }) => ({
    ...ok,
    webhooks: await listWebhooks(app.db, factoryId),
  }));

  registerAdminCall(app, adminWebhookSave, async ({ body, factoryId, actor, ok, fail }) => {
    const fields = {
      name: body.name,
      format: body.format,
      url: body.url,
      enabled: body.enabled,
      alarms: body.alarms,
      demand: body.demand,
    };
    const saved = await app.db.transaction(async (tx) => {
      let id = body.webhookId;
      let secret: string | null;
      if (id === null) {
        ({ id, secret } = await insertWebhook(tx, factoryId, fields));
      } else {
        secret = body.newSecret ? newWebhookSecret() : null;
        if (!(await updateWebhook(tx, factoryId, id, fields, secret))) return null;
      }
      await recordAudit(tx, {
        factoryId,
        actor,
        action: body.webhookId === null ? 'webhook.add' : 'webhook.change',
        target: { type: 'webhook', id },
        // The address and what it gets; never the secret.
        detail: { ...fields, newSecret: secret !== null },
      });
      return { secret };
    });
    if (!saved) return fail(StatusCode.DataNotFound, ADMIN_MESSAGES.notFound);
    // Only a signed destination uses its secret; a Slack address carries its own.
    const secret = body.format === 'signed' ? saved.secret : null;
    return { ...ok, webhooks: await listWebhooks(app.db, factoryId), secret };
  });

  registerAdminCall(app, adminWebhookRemove, async ({ body, factoryId, actor, ok, fail }) => {
    const removed = await app.db.transaction(async (tx) => {
      if (!(await removeWebhook(tx, factoryId, body.webhookId))) return false;
      await recordAudit(tx, {
        factoryId,
        actor,
        action: 'webhook.remove',
        target: { type: 'webhook', id: body.webhookId },
      });
      return true;
    });
    if (!removed) return fail(StatusCode.DataNotFound, ADMIN_MESSAGES.notFound);
    return { ...ok, webhooks: await listWebhooks(app.db, factoryId) };
  });

  registerAdminCall(app, adminWebhookTest, async ({ body, auth, factoryId, ok, fail }) => {
    const destination = await findWebhook(app.db, factoryId, body.webhookId);
    if (!destination) return fail(StatusCode.DataNotFound, ADMIN_MESSAGES.notFound);
    const now = new Date();
    const factory = { id: factoryId, name: auth.factory.name, nameZh: auth.factory.nameZh };
    const outcome = await deliverWebhook(
      destination,
      webhookTestBody(destination.format, factory, now),
      'wattboard-test',
      now,
    );
    return { ...ok, ...outcome };
  });
}
