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
import { TELEGRAM_API_BASE } from './calc/telegram.ts';
import { deliverWebhook } from './deliver.ts';
import {
  findWebhook,
  insertWebhook,
  listWebhooks,
  newWebhookSecret,
  removeWebhook,
  updateWebhook,
} from './repo/destinations.ts';

const TELEGRAM_TOKEN_NEEDED = 'A Telegram destination needs its bot token (telegramToken).';

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
    const telegram = body.format === 'telegram';
    const fields = {
      name: body.name,
      format: body.format,
      // A Telegram address is made from the token when sending; nothing to keep.
      url: telegram ? '' : (body.url ?? ''),
      enabled: body.enabled,
      alarms: body.alarms,
      offline: body.offline,
      demand: body.demand,
      chatId: telegram ? body.telegramChatId : null,
      quietHours: body.quietHours,
      escalateAfterMinutes: body.escalateAfterMinutes,
    };
    const saved = await app.db.transaction(async (tx) => {
      let id = body.webhookId;
      let secret: string | null;
      if (id === null) {
        ({ id, secret } = await insertWebhook(
          tx,
          factoryId,
          fields,
          telegram ? body.telegramToken : null,
        ));
      } else {
        const before = await findWebhook(tx, factoryId, id);
        if (!before) return null;
        // The secret column holds a bot token or an HMAC key: a change of format needs a new one.
        if (telegram && body.telegramToken === null && before.format !== 'telegram')
          return 'token' as const;
        const newKey = body.newSecret || (body.format === 'signed' && before.format !== 'signed');
        secret = telegram ? body.telegramToken : newKey ? newWebhookSecret() : null;
        if (!(await updateWebhook(tx, factoryId, id, fields, secret))) return null;
      }
      await recordAudit(tx, {
        factoryId,
        actor,
        action: body.webhookId === null ? 'webhook.add' : 'webhook.change',
        target: { type: 'webhook', id },
        // The address and what it gets; never the secret nor a bot token.
        detail: { ...fields, newSecret: secret !== null },
      });
      return { secret };
    });
    if (saved === 'token') return fail(StatusCode.Fail, TELEGRAM_TOKEN_NEEDED);
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
      webhookTestBody(
        { format: destination.format, telegramChatId: destination.chatId },
        factory,
        now,
      ),
      'wattboard-test',
      now,
      app.hasDecorator('webhooks') ? app.webhooks.telegramApiBase : TELEGRAM_API_BASE,
    );
    return { ...ok, ...outcome };
  });
}
