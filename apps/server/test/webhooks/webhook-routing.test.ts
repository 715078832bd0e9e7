import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWebhookListResponse, adminWebhookSaveResponse } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { ADMIN, signInAs, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { call, type Session } from '../monitor/monitor-app.ts';
import { queueEventWebhooks } from '../../src/modules/webhooks/index.ts';
import { startReceiver } from './receiver.ts';

const LIST = '/v1/Admin/Webhook/List';
const SAVE = '/v1/Admin/Webhook/Save';
const TEST = '/v1/Admin/Webhook/Test';
const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const MINUTE = 60_000;

describe.each(backends)('webhook channels and routing on %s', (backend) => {
  let t: TestApp;
  let admin: Session;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let factoryId: number;

  const save = async (fields: Record<string, unknown>) => {
    const response = await call(t.app, admin, SAVE, {
      webhookId: null,
      enabled: true,
      alarms: true,
      demand: true,
      ...fields,
    });
    return { status: response.statusCode, body: response.json() };
  };
  /** An event as the alarm and offline checks open it, at a chosen time. */
  const openEvent = async (kind: string, target: string, openedAt: Date) => {
    const [row] = await t.testDb.db.query<{ id: string | number }>(
      `INSERT INTO events (factory_id, node_id, target, kind, title_en, desc_en, title_zh, desc_zh,
                           opened_at, last_breach_at)
       VALUES ($1, NULL, $2, $3, 'Meter silent', 'No reading for 15 minutes.', '電表離線',
               '15 分鐘沒有讀數。', $4, $4) RETURNING id`,
      [factoryId, target, kind, openedAt],
    );
    return Number(row!.id);
  };
  const disableAll = () =>
    t.testDb.db.query('UPDATE webhook_destinations SET enabled = false WHERE factory_id = $1', [
      factoryId,
    ]);

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await startTestApp(backend, { DEV_TOOLS: '1', TELEGRAM_API_BASE: receiver.base });
    const a = await signInAs(t.app, ADMIN);
    admin = { email: a.email, token: a.token };
    const [factory] = await t.testDb.db.query<{ factory_id: number }>(
      'SELECT factory_id FROM users WHERE email = $1',
      [ADMIN.email],
    );
    factoryId = factory!.factory_id;
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it('delivers to Teams and Telegram in their formats; the bot token is never shown', async () => {
    expect(
      (await save({ name: 'Teams', format: 'teams', url: `${receiver.base}/teams` })).status,
    ).toBe(200);
    const telegram = await save({
      name: 'Telegram',
      format: 'telegram',
      telegramChatId: '-1001234',
      telegramToken: TOKEN,
    });
    expect(telegram.status).toBe(200);
    const saved = adminWebhookSaveResponse.parse(telegram.body);
    expect(saved.secret).toBeNull();
    const list = adminWebhookListResponse.parse((await call(t.app, admin, LIST, {})).json());
    expect(list.webhooks[1]).toMatchObject({
      format: 'telegram',
      telegramChatId: '-1001234',
      telegramToken: '123456789:…',
      url: '',
    });
    expect(JSON.stringify(list)).not.toContain(TOKEN.split(':')[1]);
    // A Telegram destination needs its chat (and a token when new).
    const refused = await save({ name: 'T2', format: 'telegram', telegramToken: TOKEN });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/telegramChatId/);

    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/test/alarm',
      payload: {},
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(opened.statusCode).toBe(200);
    expect(await t.app.webhooks.drain()).toEqual({ sent: 2, failed: 0 });
    const teams = receiver.received.find((r) => r.path === '/teams')!;
    const card = JSON.parse(teams.body);
    expect(card.type).toBe('message');
    expect(card.attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.attachments[0].content.body[0].text).toBe('Test alarm / 測試警報');
    const bot = receiver.received.find((r) => r.path === `/bot${TOKEN}/sendMessage`)!;
    expect(bot.headers['content-type']).toBe('application/json');
    const message = JSON.parse(bot.body);
    expect(message.chat_id).toBe('-1001234');
    expect(message.text).toMatch(/^Test alarm \/ 測試警報\n/);

    // The Admin test goes the same way; a refusal's text never carries the token.
    receiver.answers.push(400);
    const test = (await call(t.app, admin, TEST, { webhookId: saved.webhooks[1]!.id })).json();
    expect(test).toMatchObject({ delivered: false, httpStatus: 400 });
    expect(JSON.stringify(test)).not.toContain(TOKEN);
    await t.testDb.db.query(
      "UPDATE events SET state = 'resolved', resolved_at = now() WHERE kind = 'test'",
    );
  });

  it('routes offline meters by choice and holds them until quiet hours end', async () => {
    await disableAll();
    receiver.received.length = 0;
    await save({
      name: 'No offline',
      format: 'slack',
      url: `${receiver.base}/no-offline`,
      offline: false,
    });
    await save({
      name: 'Night shift',
      format: 'slack',
      url: `${receiver.base}/quiet`,
      quietHours: { start: '22:00', end: '07:00' },
    });
    // 23:00 in Taipei: quiet until 07:00 (23:00 UTC).
    const night = new Date('2030-01-10T15:00:00Z');
    const offline = await openEvent('offline', 'quiet-offline', night);
    expect(await queueEventWebhooks(t.testDb.db, offline, night)).toBe(1);
    expect(await t.app.webhooks.drain(night)).toEqual({ sent: 0, failed: 0 });
    expect(await t.app.webhooks.drain(new Date('2030-01-10T22:59:00Z'))).toEqual({
      sent: 0,
      failed: 0,
    });
    expect(await t.app.webhooks.drain(new Date('2030-01-10T23:00:00Z'))).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(receiver.received.map((r) => r.path)).toEqual(['/quiet']);
    // A threshold alarm is urgent: it goes at once, quiet hours or not.
    const breach = await openEvent('threshold', 'quiet-breach', night);
    expect(await queueEventWebhooks(t.testDb.db, breach, night)).toBe(2);
    expect(await t.app.webhooks.drain(night)).toEqual({ sent: 2, failed: 0 });
  });

  it('escalates an alarm not resolved within N minutes, once, on a fake clock', async () => {
    await disableAll();
    receiver.received.length = 0;
    const saved = await save({
      name: 'Plant manager',
      format: 'teams',
      url: `${receiver.base}/escalate`,
      escalateAfterMinutes: 15,
      quietHours: { start: '00:00', end: '23:59' },
    });
    expect(saved.status).toBe(200);
    const t0 = new Date(Date.now() - 60 * MINUTE);
    const open = await openEvent('threshold', 'escalate-open', t0);
    const resolved = await openEvent('threshold', 'escalate-resolved', t0);
    // Acknowledged from its link (decision 0077): someone is on it, so it does not escalate.
    const acknowledged = await openEvent('threshold', 'escalate-acknowledged', t0);
    await t.testDb.db.query(
      "UPDATE events SET acknowledged_at = $2, acknowledged_by = 'mei' WHERE id = $1",
      [acknowledged, new Date(t0.getTime() + 2 * MINUTE)],
    );
    await t.testDb.db.query(
      "UPDATE events SET state = 'resolved', resolved_at = $2 WHERE id = $1",
      [resolved, new Date(t0.getTime() + 5 * MINUTE)],
    );
    // Not when opened: an escalation destination waits for its minutes.
    expect(await queueEventWebhooks(t.testDb.db, open, t0)).toBe(0);
    expect(await t.app.webhooks.escalate(new Date(t0.getTime() + 14 * MINUTE))).toBe(0);
    const due = new Date(t0.getTime() + 15 * MINUTE);
    expect(await t.app.webhooks.escalate(due)).toBe(1);
    expect(await t.app.webhooks.escalate(new Date(t0.getTime() + 20 * MINUTE))).toBe(0);
    // Escalations ignore quiet hours: they go at once.
    expect(await t.app.webhooks.drain(due)).toEqual({ sent: 1, failed: 0 });
    expect(receiver.received.map((r) => r.path)).toEqual(['/escalate']);
    const rows = await t.testDb.db.query<{ event_id: string | number }>(
      'SELECT event_id FROM webhook_outbox WHERE escalation',
    );
    expect(rows.map((r) => Number(r.event_id))).toEqual([open]);
  });

  it('refuses bad quiet hours and escalation minutes by name', async () => {
    for (const [fields, field] of [
      [{ quietHours: { start: '25:00', end: '07:00' } }, /quiet hours/],
      [{ quietHours: { start: '07:00', end: '07:00' } }, /quiet hours/],
      [{ escalateAfterMinutes: 0 }, /escalateAfterMinutes/],
      [{ escalateAfterMinutes: 1441 }, /escalateAfterMinutes/],
    ] as const) {
      const refused = await save({
        name: 'Bad',
        format: 'slack',
        url: `${receiver.base}/x`,
        ...fields,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(field);
    }
  });
});
