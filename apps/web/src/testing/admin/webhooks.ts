import { adminWebhookListResponse, type AdminWebhook } from '@wattboard/contract';
import { ok } from './admin-harness';
import type { Answers } from './admin-harness';

/**
 * Test-only: the factory's webhook destinations as the server keeps them,
 * behind /v1/Admin/Webhook/List, Save, Remove and Test. A new signed
 * destination answers its secret once; `testAnswers` are the receivers'
 * answers the Test call reports, used up in order.
 */
export function webhookServer(initial: AdminWebhook[] = []) {
  let webhooks = [...initial];
  let nextId = 10;
  const testAnswers: { delivered: boolean; httpStatus: number | null; error: string | null }[] = [];
  const list = (path: string, extra: Record<string, unknown> = {}) => {
    const body = ok(path, { webhooks, ...extra });
    adminWebhookListResponse.parse(body);
    return body;
  };
  const answers: Answers = {
    '/v1/Admin/Webhook/List': () => list('/v1/Admin/Webhook/List'),
    '/v1/Admin/Webhook/Save': (body) => {
      const fields = {
        name: String(body.name),
        format: body.format as AdminWebhook['format'],
        url: body.format === 'telegram' ? '' : String(body.url),
        enabled: Boolean(body.enabled),
        alarms: Boolean(body.alarms),
        offline: Boolean(body.offline),
        demand: Boolean(body.demand),
        reports: Boolean(body.reports),
        // Anomaly events (decision 0082): absent keeps what was saved, as on the server.
        ...(body.anomalies === undefined ? {} : { anomalies: Boolean(body.anomalies) }),
        quietHours: (body.quietHours ?? null) as AdminWebhook['quietHours'],
        escalateAfterMinutes: (body.escalateAfterMinutes ?? null) as number | null,
        telegramChatId: (body.telegramChatId ?? null) as string | null,
        // As the server: only the bot's id of a token comes back.
        telegramToken:
          typeof body.telegramToken === 'string' ? `${body.telegramToken.split(':')[0]}:…` : null,
      };
      let secret: string | null = null;
      if (body.webhookId === null) {
        webhooks.push({
          id: nextId++,
          ...fields,
          createdAt: '2026-11-28T02:00:00.000Z',
          lastDelivery: null,
          failedLastWeek: 0,
        });
        if (fields.format === 'signed') secret = 'ab'.repeat(32);
      } else {
        webhooks = webhooks.map((w) =>
          w.id === body.webhookId
            ? { ...w, ...fields, telegramToken: fields.telegramToken ?? w.telegramToken }
            : w,
        );
        if (body.newSecret && fields.format === 'signed') secret = 'cd'.repeat(32);
      }
      return list('/v1/Admin/Webhook/Save', { secret });
    },
    '/v1/Admin/Webhook/Remove': (body) => {
      webhooks = webhooks.filter((w) => w.id !== body.webhookId);
      return list('/v1/Admin/Webhook/Remove');
    },
    '/v1/Admin/Webhook/Test': () =>
      ok(
        '/v1/Admin/Webhook/Test',
        testAnswers.shift() ?? { delivered: true, httpStatus: 200, error: null },
      ),
  };
  return { answers, testAnswers, webhooks: () => webhooks };
}

export const SLACK_HOOK: AdminWebhook = {
  id: 3,
  name: 'Maintenance chat',
  format: 'slack',
  url: 'https://hooks.slack.com/services/T000/B000/XXXX',
  enabled: true,
  alarms: true,
  offline: true,
  demand: false,
  quietHours: { start: '22:00', end: '07:00' },
  escalateAfterMinutes: null,
  telegramChatId: null,
  telegramToken: null,
  createdAt: '2026-11-20T02:00:00.000Z',
  lastDelivery: {
    status: 'pending',
    at: '2026-11-28T01:00:00.000Z',
    attempts: 2,
    error: 'HTTP 503: busy',
  },
  failedLastWeek: 1,
};
