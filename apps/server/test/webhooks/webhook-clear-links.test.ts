import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminWebhookSaveResponse, adminWebhookTestResponse } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { ADMIN, signInAs, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { call, type Session } from '../monitor/monitor-app.ts';
import { queueEventWebhooks } from '../../src/modules/webhooks/index.ts';
import { verifyWebhookSignature } from '../../src/modules/webhooks/calc/signature.ts';
import { startReceiver, type Received } from './receiver.ts';

const SAVE = '/v1/Admin/Webhook/Save';
const TEST = '/v1/Admin/Webhook/Test';
const CLEAR = '/v1/Event/ClearLink';
const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const PUBLIC_URL = 'https://wattboard.example.com';
const LINK = /https?:\/\/[\w.:[\]-]+\/v1\/Event\/ClearLink\?t=[\w%.-]+/;

/** The clear link in a delivery of each format, or null when it has none. */
function linkIn(received: Received): string | null {
  const body = JSON.parse(received.body);
  if (received.path === '/signed') return body.clearUrl;
  if (received.path === '/slack') {
    const line = body.text.split('\n').at(-1) as string;
    return line.match(/^<(.+)\|Clear this alarm \/ 清除此警報>$/)?.[1] ?? null;
  }
  if (received.path === '/teams') {
    const actions = body.attachments[0].content.actions as
      { type: string; title: string; url: string }[] | undefined;
    if (!actions) return null;
    expect(actions).toHaveLength(1);
    expect(actions[0]).toMatchObject({
      type: 'Action.OpenUrl',
      title: 'Clear this alarm / 清除此警報',
    });
    return actions[0]!.url;
  }
  const line = body.text.split('\n').at(-1) as string;
  if (!line.startsWith('Clear this alarm / 清除此警報')) return null;
  return line.match(LINK)?.[0] ?? null;
}

/** Alarm webhooks and chat messages carry a clear link (decisions 0072, 0074). */
describe.each(backends)('clear links in webhook messages on %s', (backend) => {
  let t: TestApp;
  let admin: Session;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let factoryId: number;
  let signedSecret: string;
  let signedId: number;

  const db = () => t.testDb.db;
  const save = async (fields: Record<string, unknown>) =>
    adminWebhookSaveResponse.parse(
      (
        await call(t.app, admin, SAVE, {
          webhookId: null,
          enabled: true,
          alarms: true,
          demand: true,
          ...fields,
        })
      ).json(),
    );
  const openEvent = async (kind: string, target: string) => {
    const [row] = await db().query<{ id: string | number }>(
      `INSERT INTO events (factory_id, node_id, target, kind, title_en, desc_en, title_zh, desc_zh,
                           opened_at, last_breach_at)
       VALUES ($1, NULL, $2, $3, 'Voltage high', 'Phase A at 245 V.', '電壓過高', 'A 相 245 V。',
               now(), now()) RETURNING id`,
      [factoryId, target, kind],
    );
    const eventId = Number(row!.id);
    await queueEventWebhooks(db(), eventId);
    return eventId;
  };
  const stateOf = async (eventId: number) =>
    (await db().query<{ state: string }>('SELECT state FROM events WHERE id = $1', [eventId]))[0]
      ?.state;
  const tokenOf = (link: string) => new URL(link).searchParams.get('t')!;
  const press = (token: string) =>
    t.app.inject({
      method: 'POST',
      url: `${CLEAR}?t=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ t: token }).toString(),
    });

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await startTestApp(backend, { TELEGRAM_API_BASE: receiver.base, PUBLIC_URL });
    const a = await signInAs(t.app, ADMIN);
    admin = { email: a.email, token: a.token };
    factoryId = (
      await db().query<{ factory_id: number }>('SELECT factory_id FROM users WHERE email = $1', [
        ADMIN.email,
      ])
    )[0]!.factory_id;
    const signed = await save({ name: 'Signed', format: 'signed', url: `${receiver.base}/signed` });
    signedSecret = signed.secret!;
    signedId = signed.webhooks.at(-1)!.id;
    await save({ name: 'Slack', format: 'slack', url: `${receiver.base}/slack` });
    await save({ name: 'Teams', format: 'teams', url: `${receiver.base}/teams` });
    await save({
      name: 'Telegram',
      format: 'telegram',
      telegramChatId: '-1001234',
      telegramToken: TOKEN,
    });
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it('every format carries its own link to clear the alarm, on PUBLIC_URL', async () => {
    receiver.received.length = 0;
    const eventId = await openEvent('threshold', 'voltage');
    expect(await t.app.webhooks.drain()).toEqual({ sent: 4, failed: 0 });
    const paths = receiver.received.map((r) => r.path).sort();
    expect(paths).toEqual(['/signed', '/slack', `/bot${TOKEN}/sendMessage`, '/teams'].sort());
    const links = receiver.received.map((r) => linkIn(r));
    for (const link of links) {
      expect(link).toMatch(LINK);
      expect(link!.startsWith(`${PUBLIC_URL}${CLEAR}?t=`)).toBe(true);
    }
    // Each delivery its own token.
    expect(new Set(links.map((link) => tokenOf(link!))).size).toBe(4);

    // The signature covers the body as sent, link included.
    const signed = receiver.received.find((r) => r.path === '/signed')!;
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

    // Following the Slack link clears the alarm once, audited under the destination's name.
    const slackToken = tokenOf(linkIn(receiver.received.find((r) => r.path === '/slack')!)!);
    const cleared = await press(slackToken);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.body).toContain('Alarm cleared');
    expect(await stateOf(eventId)).toBe('resolved');
    const again = await press(slackToken);
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('This link has been used');
    const audit = await db().query<{ actor: string; user_id: number | null; detail: unknown }>(
      "SELECT actor, user_id, detail FROM audit_log WHERE action = 'alarm.clear' AND target_id = $1",
      [String(eventId)],
    );
    expect(audit).toEqual([
      expect.objectContaining({
        actor: 'webhook: Slack',
        user_id: null,
        detail: expect.objectContaining({ via: 'clear link' }),
      }),
    ]);
    // Another channel's link to the same alarm finds it cleared already.
    const teamsToken = tokenOf(linkIn(receiver.received.find((r) => r.path === '/teams')!)!);
    const late = await press(teamsToken);
    expect(late.statusCode).toBe(200);
    expect(late.body).toContain('Already cleared');
  });

  it('each Teams and Telegram link works, once', async () => {
    for (const path of ['/teams', `/bot${TOKEN}/sendMessage`]) {
      receiver.received.length = 0;
      const eventId = await openEvent('threshold', `current-${path.length}`);
      expect(await t.app.webhooks.drain()).toEqual({ sent: 4, failed: 0 });
      const token = tokenOf(linkIn(receiver.received.find((r) => r.path === path)!)!);
      expect((await press(token)).statusCode, path).toBe(200);
      expect(await stateOf(eventId), path).toBe('resolved');
      expect((await press(token)).statusCode, path).toBe(410);
    }
  });

  it('a retry carries a fresh link, and either clears the alarm', async () => {
    receiver.received.length = 0;
    receiver.answers.push(503);
    const eventId = await openEvent('threshold', 'power');
    const now = new Date();
    const first = await t.app.webhooks.drain(now);
    expect(first.sent + first.failed).toBe(4);
    expect(first.failed).toBe(1);
    const failedPath = receiver.received[0]!.path;
    expect(await t.app.webhooks.drain(new Date(now.getTime() + 31_000))).toEqual({
      sent: 1,
      failed: 0,
    });
    const twice = receiver.received.filter((r) => r.path === failedPath).map(linkIn);
    expect(twice).toHaveLength(2);
    expect(twice[0]).toMatch(LINK);
    expect(twice[1]).toMatch(LINK);
    expect(twice[1]).not.toBe(twice[0]);
    // Either attempt's link clears the alarm (the receiver drops the repeat by its id).
    expect((await press(tokenOf(twice[1]!))).statusCode).toBe(200);
    expect(await stateOf(eventId)).toBe('resolved');
  });

  it('an escalation carries its own link', async () => {
    await save({
      name: 'Escalate',
      format: 'signed',
      url: `${receiver.base}/escalate`,
      escalateAfterMinutes: 1,
    });
    receiver.received.length = 0;
    const eventId = await openEvent('threshold', 'frequency');
    expect(await t.app.webhooks.drain()).toEqual({ sent: 4, failed: 0 });
    const later = new Date(Date.now() + 2 * 60_000);
    expect(await t.app.webhooks.escalate(later)).toBeGreaterThan(0);
    await t.app.webhooks.drain(later);
    const escalated = receiver.received
      .filter((r) => r.path === '/escalate')
      .find((r) => JSON.parse(r.body).event.id === eventId)!;
    const link = linkIn({ ...escalated, path: '/signed' })!;
    expect(link).toMatch(LINK);
    const others = receiver.received.filter((r) => r !== escalated).map(linkIn);
    expect(others).not.toContain(link);
    expect((await press(tokenOf(link))).statusCode).toBe(200);
    expect(await stateOf(eventId)).toBe('resolved');
    await db().query('UPDATE webhook_destinations SET enabled = false WHERE name = $1', [
      'Escalate',
    ]);
  });

  it("Admin's test message has no link (it names no alarm)", async () => {
    receiver.received.length = 0;
    const test = adminWebhookTestResponse.parse(
      (await call(t.app, admin, TEST, { webhookId: signedId })).json(),
    );
    expect(test.delivered).toBe(true);
    const body = JSON.parse(receiver.received[0]!.body);
    expect(body.clearUrl).toBeUndefined();
    expect(receiver.received[0]!.body).not.toMatch(LINK);
  });

  it('offline and demand messages carry a link too, as their mails do', async () => {
    receiver.received.length = 0;
    await openEvent('offline', 'offline');
    await openEvent('demand', 'demand');
    expect(await t.app.webhooks.drain()).toEqual({ sent: 8, failed: 0 });
    for (const received of receiver.received) expect(linkIn(received)).toMatch(LINK);
  });
});

/** Without PUBLIC_URL the link is on the server's own address, as in the alarm mail. */
describe.each(backends)('clear links without PUBLIC_URL on %s', (backend) => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await startTestApp(backend, {});
  });
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it("uses the server's own address, like the mail's link", async () => {
    const a = await signInAs(t.app, ADMIN);
    const admin = { email: a.email, token: a.token };
    const saved = await call(t.app, admin, SAVE, {
      webhookId: null,
      name: 'Signed',
      format: 'signed',
      url: `${receiver.base}/signed`,
      enabled: true,
      alarms: true,
      demand: true,
    });
    expect(saved.statusCode).toBe(200);
    const [user] = await t.testDb.db.query<{ factory_id: number }>(
      'SELECT factory_id FROM users WHERE email = $1',
      [ADMIN.email],
    );
    const [row] = await t.testDb.db.query<{ id: string | number }>(
      `INSERT INTO events (factory_id, node_id, target, kind, title_en, desc_en, title_zh, desc_zh,
                           opened_at, last_breach_at)
       VALUES ($1, NULL, 'voltage', 'threshold', 'Voltage high', '', '電壓過高', '', now(), now())
       RETURNING id`,
      [user!.factory_id],
    );
    await queueEventWebhooks(t.testDb.db, Number(row!.id));
    expect(await t.app.webhooks.drain()).toEqual({ sent: 1, failed: 0 });
    const link = JSON.parse(receiver.received[0]!.body).clearUrl as string;
    expect(link).toMatch(LINK);
    expect(link.startsWith(PUBLIC_URL)).toBe(false);
    expect(link).toMatch(/^http:\/\/[^/]+:\d+\/v1\/Event\/ClearLink\?t=/);
  });
});
