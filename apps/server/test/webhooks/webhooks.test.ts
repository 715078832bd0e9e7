import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  adminWebhookListResponse,
  adminWebhookSaveResponse,
  adminWebhookTestResponse,
} from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { ADMIN, DEMO, signInAs, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { call, type Session } from '../monitor/monitor-app.ts';
import { verifyWebhookSignature } from '../../src/modules/webhooks/calc/signature.ts';
import { startReceiver } from './receiver.ts';

const LIST = '/v1/Admin/Webhook/List';
const SAVE = '/v1/Admin/Webhook/Save';
const REMOVE = '/v1/Admin/Webhook/Remove';
const TEST = '/v1/Admin/Webhook/Test';

describe.each(backends)('alert webhooks on %s', (backend) => {
  let t: TestApp;
  let admin: Session;
  let user: Session;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let signedSecret: string;
  let signedId: number;

  const save = async (fields: Record<string, unknown>) =>
    (
      await call(t.app, admin, SAVE, {
        webhookId: null,
        enabled: true,
        alarms: true,
        demand: true,
        ...fields,
      })
    ).json();
  const trigger = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/test/alarm',
      payload: {},
      headers: { authorization: `Bearer ${admin.token}` },
    });

  beforeAll(async () => {
    t = await startTestApp(backend, { DEV_TOOLS: '1' });
    receiver = await startReceiver({ contentType: 'text/plain', body: 'busy, try later' });
    const a = await signInAs(t.app, ADMIN);
    admin = { email: a.email, token: a.token };
    const u = await signInAs(t.app, DEMO);
    user = { email: u.email, token: u.token };
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it('adds destinations (the secret once), refuses bad addresses by name, and only for the Admin', async () => {
    const signed = adminWebhookSaveResponse.parse(
      await save({ name: 'Maintenance app', format: 'signed', url: `${receiver.base}/signed` }),
    );
    expect(signed.secret).toMatch(/^[0-9a-f]{64}$/);
    signedSecret = signed.secret!;
    signedId = signed.webhooks[0]!.id;
    const slack = adminWebhookSaveResponse.parse(
      await save({ name: 'Chat', format: 'slack', url: `${receiver.base}/slack`, demand: false }),
    );
    await save({
      name: 'Demand only',
      format: 'slack',
      url: `${receiver.base}/demand`,
      alarms: false,
    });
    await save({ name: 'Off', format: 'slack', url: `${receiver.base}/off`, enabled: false });
    expect(slack.webhooks.map((w) => w.name)).toEqual(['Maintenance app', 'Chat']);
    const list = adminWebhookListResponse.parse((await call(t.app, admin, LIST, {})).json());
    expect(list.webhooks).toHaveLength(4);
    expect(JSON.stringify(list)).not.toContain(signedSecret);

    for (const url of ['ftp://example.com/x', 'http://user:pw@example.com/x', 'not a url']) {
      const refused = await call(t.app, admin, SAVE, {
        webhookId: null,
        name: 'Bad',
        format: 'signed',
        url,
        enabled: true,
        alarms: true,
        demand: true,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/url/);
    }
    expect((await call(t.app, user, LIST, {})).statusCode).toBe(403);
    const missing = (await call(t.app, admin, REMOVE, { webhookId: 999_999 })).json();
    expect(missing).toMatchObject({ statusCode: 1011, message: ADMIN_MESSAGES.notFound });
  });

  it('delivers an opened event once to each destination that wants it, signed where asked', async () => {
    const opened = await trigger();
    expect(opened.statusCode).toBe(200);
    const result = await t.app.webhooks.drain();
    expect(result).toEqual({ sent: 2, failed: 0 });
    expect(receiver.received.map((r) => r.path).sort()).toEqual(['/signed', '/slack']);

    const signed = receiver.received.find((r) => r.path === '/signed')!;
    const body = JSON.parse(signed.body);
    expect(body).toMatchObject({
      type: 'event.opened',
      event: { kind: 'test', title: { en: 'Test alarm', zh: '測試警報' } },
    });
    expect(signed.headers['idempotency-key']).toBe(body.id);
    expect(
      verifyWebhookSignature(
        signedSecret,
        {
          timestamp: signed.headers['x-wattboard-timestamp'] as string,
          signature: signed.headers['x-wattboard-signature'] as string,
        },
        signed.body,
        Math.floor(Date.now() / 1000),
      ),
    ).toBe(true);
    const slack = receiver.received.find((r) => r.path === '/slack')!;
    expect(JSON.parse(slack.body).text).toMatch(/^\*Test alarm\* \/ \*測試警報\*/);
    expect(slack.headers['x-wattboard-signature']).toBeUndefined();

    // Nothing is sent twice.
    expect(await t.app.webhooks.drain()).toEqual({ sent: 0, failed: 0 });
    expect(receiver.received).toHaveLength(2);
    const list = adminWebhookListResponse.parse((await call(t.app, admin, LIST, {})).json());
    expect(list.webhooks[0]!.lastDelivery).toMatchObject({ status: 'sent', attempts: 0 });
  });

  it('retries a refused delivery with backoff, with the same body, and shows the error meanwhile', async () => {
    receiver.received.length = 0;
    await t.testDb.db.query(
      "UPDATE events SET state = 'resolved', resolved_at = now() WHERE kind = 'test'",
    );
    receiver.answers.push(503, 503);
    expect((await trigger()).statusCode).toBe(200);
    const now = new Date();
    expect(await t.app.webhooks.drain(now)).toEqual({ sent: 0, failed: 2 });
    const list = adminWebhookListResponse.parse((await call(t.app, admin, LIST, {})).json());
    expect(list.webhooks[0]!.lastDelivery).toMatchObject({
      status: 'pending',
      attempts: 1,
      error: 'HTTP 503: busy, try later',
    });
    // Not due before the first backoff (30 s), then both go.
    expect(await t.app.webhooks.drain(new Date(now.getTime() + 10_000))).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(await t.app.webhooks.drain(new Date(now.getTime() + 31_000))).toEqual({
      sent: 2,
      failed: 0,
    });
    const signed = receiver.received.filter((r) => r.path === '/signed');
    expect(signed).toHaveLength(2);
    // The same body but for the clear link, made at each attempt (decision 0074).
    const [first, second] = signed.map((r) => JSON.parse(r.body) as { clearUrl: string });
    expect({ ...second, clearUrl: null }).toEqual({ ...first, clearUrl: null });
    expect(second!.clearUrl).toMatch(/\/v1\/Event\/ClearLink\?t=/);
    expect(second!.clearUrl).not.toBe(first!.clearUrl);
  });

  it('sends a test message at once and says what the receiver answered', async () => {
    const delivered = adminWebhookTestResponse.parse(
      (await call(t.app, admin, TEST, { webhookId: signedId })).json(),
    );
    expect(delivered).toMatchObject({ delivered: true, httpStatus: 200, error: null });
    receiver.answers.push(404);
    const refused = adminWebhookTestResponse.parse(
      (await call(t.app, admin, TEST, { webhookId: signedId })).json(),
    );
    expect(refused).toMatchObject({ delivered: false, httpStatus: 404 });
    // A closed port: no answer at all.
    const gone = adminWebhookSaveResponse.parse(
      await save({ name: 'Gone', format: 'signed', url: 'http://127.0.0.1:9/x' }),
    );
    const unreachable = adminWebhookTestResponse.parse(
      (await call(t.app, admin, TEST, { webhookId: gone.webhooks.at(-1)!.id })).json(),
    );
    expect(unreachable).toMatchObject({ delivered: false, httpStatus: null });
    expect(unreachable.error).toBeTruthy();
  });

  it('changes and removes a destination, its queue with it, each audited without the secret', async () => {
    const changed = adminWebhookSaveResponse.parse(
      await save({
        webhookId: signedId,
        name: 'Maintenance app',
        format: 'signed',
        url: `${receiver.base}/signed-v2`,
        newSecret: true,
      }),
    );
    expect(changed.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(changed.secret).not.toBe(signedSecret);
    const removed = adminWebhookListResponse.parse(
      (await call(t.app, admin, REMOVE, { webhookId: signedId })).json(),
    );
    expect(removed.webhooks.map((w) => w.id)).not.toContain(signedId);
    const left = await t.testDb.db.query(
      'SELECT id FROM webhook_outbox WHERE destination_id = $1',
      [signedId],
    );
    expect(left).toHaveLength(0);
    const audit = await t.testDb.db.query<{ action: string; detail: unknown }>(
      "SELECT action, detail FROM audit_log WHERE action LIKE 'webhook.%' ORDER BY id",
    );
    expect(audit.map((a) => a.action)).toEqual([
      'webhook.add',
      'webhook.add',
      'webhook.add',
      'webhook.add',
      'webhook.add',
      'webhook.change',
      'webhook.remove',
    ]);
    expect(JSON.stringify(audit)).not.toContain(changed.secret!);
  });
});
