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
import { hashLineCode, LINE_CODE_MS, lineWebhookUrl, newLineCode } from './calc/line.ts';
import { webhookTestBody } from './calc/payload.ts';
import { CHAT_APIS, deliverWebhook } from './deliver.ts';
import {
  findWebhook,
  insertWebhook,
  listWebhooks,
  newWebhookSecret,
  removeWebhook,
  updateWebhook,
} from './repo/destinations.ts';
import { setLineCode } from './repo/line.ts';
import { setWebhookAnomalies } from './repo/destination-anomalies.ts';

const TELEGRAM_TOKEN_NEEDED = 'A Telegram destination needs its bot token (telegramToken).';
const LINE_KEYS_NEEDED =
  'lineChannelToken: a LINE destination needs its channel access token and channel secret.';

/**
 * Admin › Alerts › Webhooks (issue #28, decision 0069): the factory's webhook
 * destinations; a signing secret shown once; a test message sent at once.
 */
export async function adminWebhookRoutes(app: FastifyInstance) {
  // The worker's service, when registered (the Admin calls work without it in unit setups).
  const apis = () => (app.hasDecorator('webhooks') ? app.webhooks.apis : CHAT_APIS);
  const origin = () => (app.hasDecorator('webhooks') ? app.webhooks.origin() : '');
  const list = (factoryId: number) => listWebhooks(app.db, factoryId, origin());

  registerAdminCall(app, adminWebhookList, async ({ factoryId, ok }) => ({
    ...ok,
    webhooks: await list(factoryId),
  }));

  registerAdminCall(app, adminWebhookSave, async ({ body, factoryId, actor, ok, fail }) => {
    const telegram = body.format === 'telegram';
    const line = body.format === 'line';
    const fields = {
      name: body.name,
      format: body.format,
      // A Telegram or LINE address is made from the token when sending; nothing to keep.
      url: telegram || line ? '' : (body.url ?? ''),
      enabled: body.enabled,
      alarms: body.alarms,
      offline: body.offline,
      demand: body.demand,
      reports: body.reports,
      chatId: telegram ? body.telegramChatId : null,
      quietHours: body.quietHours,
      escalateAfterMinutes: body.escalateAfterMinutes,
    };
    const saved = await app.db.transaction(async (tx) => {
      let id = body.webhookId;
      let secret: string | null;
      // LINE: a binding code when the destination is new, becomes LINE, or Admin asks for one.
      let newCode = line && body.webhookId === null;
      if (id === null) {
        ({ id, secret } = await insertWebhook(
          tx,
          factoryId,
          fields,
          telegram ? body.telegramToken : line ? body.lineChannelToken : null,
          line ? body.lineChannelSecret : null,
        ));
      } else {
        const before = await findWebhook(tx, factoryId, id);
        if (!before) return null;
        // The secret column holds a bot token or an HMAC key: a change of format needs a new one.
        if (telegram && body.telegramToken === null && before.format !== 'telegram')
          return 'token' as const;
        if (
          line &&
          before.format !== 'line' &&
          (body.lineChannelToken === null || body.lineChannelSecret === null)
        )
          return 'line-keys' as const;
        newCode = line && (body.lineNewCode || before.format !== 'line');
        const newKey = body.newSecret || (body.format === 'signed' && before.format !== 'signed');
        secret = telegram
          ? body.telegramToken
          : line
            ? body.lineChannelToken
            : newKey
              ? newWebhookSecret()
              : null;
        if (!(await updateWebhook(tx, factoryId, id, fields, secret, body.lineChannelSecret)))
          return null;
      }
      // Anomaly events (decision 0082): absent keeps the destination's choice (none when new).
      if (body.anomalies !== undefined)
        await setWebhookAnomalies(tx, factoryId, id, body.anomalies);
      let code: { code: string; expiresAt: Date } | null = null;
      if (newCode) {
        code = { code: newLineCode(), expiresAt: new Date(Date.now() + LINE_CODE_MS) };
        await setLineCode(tx, factoryId, id, hashLineCode(code.code), code.expiresAt);
      }
      await recordAudit(tx, {
        factoryId,
        actor,
        action: body.webhookId === null ? 'webhook.add' : 'webhook.change',
        target: { type: 'webhook', id },
        // The address and what it gets; never the secret, a token nor a binding code.
        detail: {
          ...fields,
          ...(body.anomalies !== undefined ? { anomalies: body.anomalies } : {}),
          newSecret: secret !== null || (line && body.lineChannelSecret !== null),
          ...(line ? { newLineCode: code !== null } : {}),
        },
      });
      return { id, secret, code };
    });
    if (saved === 'token') return fail(StatusCode.Fail, TELEGRAM_TOKEN_NEEDED);
    if (saved === 'line-keys') return fail(StatusCode.Fail, LINE_KEYS_NEEDED);
    if (!saved) return fail(StatusCode.DataNotFound, ADMIN_MESSAGES.notFound);
    // Only a signed destination uses its secret; a Slack address carries its own.
    const secret = body.format === 'signed' ? saved.secret : null;
    const lineBinding = saved.code
      ? {
          code: saved.code.code,
          expiresAt: saved.code.expiresAt.toISOString(),
          webhookUrl: lineWebhookUrl(origin(), saved.id),
        }
      : null;
    return { ...ok, webhooks: await list(factoryId), secret, lineBinding };
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
    return { ...ok, webhooks: await list(factoryId) };
  });

  registerAdminCall(app, adminWebhookTest, async ({ body, auth, factoryId, ok, fail }) => {
    const destination = await findWebhook(app.db, factoryId, body.webhookId);
    if (!destination) return fail(StatusCode.DataNotFound, ADMIN_MESSAGES.notFound);
    const now = new Date();
    const factory = { id: factoryId, name: auth.factory.name, nameZh: auth.factory.nameZh };
    const outcome = await deliverWebhook(
      destination,
      webhookTestBody(
        {
          format: destination.format,
          telegramChatId: destination.chatId,
          chatId: destination.chatId,
        },
        factory,
        now,
      ),
      // LINE accepts a retry key once: each test message is a delivery of its own.
      destination.format === 'line' ? `wattboard-test-${now.getTime()}` : 'wattboard-test',
      now,
      apis(),
    );
    return { ...ok, ...outcome };
  });
}
