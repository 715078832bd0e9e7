import { StatusCode } from '@wattboard/contract';
import { FACTORY, MISSING, type CrossTenantRequest } from './case-kit.ts';
import type { Tenants } from './tenants.ts';

type Expect = CrossTenantRequest['expect'];

const admin = (url: string, body: Record<string, unknown>, expect: Expect): CrossTenantRequest => ({
  method: 'POST',
  url,
  body,
  as: 'admin',
  expect,
});
const notAdmin = (url: string, body: Record<string, unknown>): CrossTenantRequest => ({
  method: 'POST',
  url,
  body,
  http: 403,
  expect: [StatusCode.Fail],
});

/**
 * Alert webhooks (issue #28): B's factory is refused, B's destination is not
 * found from A's, and A's list never holds B's ("Zeta hook", its address).
 */
export function webhookCases(t: Tenants): Record<string, CrossTenantRequest[]> {
  const { b } = t;
  const LIST = '/v1/Admin/Webhook/List';
  const SAVE = '/v1/Admin/Webhook/Save';
  const REMOVE = '/v1/Admin/Webhook/Remove';
  const TEST = '/v1/Admin/Webhook/Test';
  const OUTBOX = '/v1/Admin/Outbox/List';
  const RETRY = '/v1/Admin/Webhook/Retry';
  const fields = {
    name: 'A hook',
    format: 'signed',
    url: 'http://127.0.0.1:9/a',
    enabled: false,
    alarms: true,
    demand: true,
  };
  const telegram = {
    format: 'telegram',
    url: null,
    telegramChatId: '-100200',
    telegramToken: '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw',
    quietHours: { start: '22:00', end: '07:00' },
    escalateAfterMinutes: 30,
  };
  return {
    [`POST ${LIST}`]: [
      admin(LIST, { factoryId: b.factoryId }, FACTORY),
      admin(LIST, {}, 'own'),
      notAdmin(LIST, {}),
    ],
    [`POST ${SAVE}`]: [
      admin(SAVE, { ...fields, webhookId: null, factoryId: b.factoryId }, FACTORY),
      admin(SAVE, { ...fields, webhookId: b.webhookId }, MISSING),
      notAdmin(SAVE, { ...fields, webhookId: null }),
      // Routing and Telegram fields change nothing about whose destination it is.
      admin(SAVE, { ...fields, ...telegram, webhookId: b.webhookId }, MISSING),
      admin(SAVE, { ...fields, ...telegram, webhookId: null, factoryId: b.factoryId }, FACTORY),
    ],
    [`POST ${REMOVE}`]: [
      admin(REMOVE, { webhookId: b.webhookId, factoryId: b.factoryId }, FACTORY),
      admin(REMOVE, { webhookId: b.webhookId }, MISSING),
      notAdmin(REMOVE, { webhookId: b.webhookId }),
    ],
    // LINE's webhook of B's destination, from anyone without B's channel secret: 401, no detail.
    'POST /v1/Line/Webhook/:destinationId': [
      {
        method: 'POST',
        url: `/v1/Line/Webhook/${b.webhookId}`,
        raw: true,
        authorization: null,
        body: { destination: `U${'0'.repeat(32)}`, events: [] },
        http: 401,
        expect: 'own',
      },
    ],
    [`POST ${TEST}`]: [
      admin(TEST, { webhookId: b.webhookId, factoryId: b.factoryId }, FACTORY),
      admin(TEST, { webhookId: b.webhookId }, MISSING),
      notAdmin(TEST, { webhookId: b.webhookId }),
    ],
    // Admin › Outbox: A's list never holds B's failed delivery; B's is not found from A's.
    [`POST ${OUTBOX}`]: [
      admin(OUTBOX, { factoryId: b.factoryId }, FACTORY),
      admin(OUTBOX, {}, 'own'),
      admin(OUTBOX, { channel: 'webhook', status: 'failed' }, 'own'),
      notAdmin(OUTBOX, {}),
    ],
    [`POST ${RETRY}`]: [
      admin(RETRY, { deliveryId: b.deliveryId, factoryId: b.factoryId }, FACTORY),
      admin(RETRY, { deliveryId: b.deliveryId }, MISSING),
      notAdmin(RETRY, { deliveryId: b.deliveryId }),
    ],
  };
}
