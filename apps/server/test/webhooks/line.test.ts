import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminWebhookListResponse,
  adminWebhookSaveResponse,
  adminWebhookTestResponse,
} from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { ADMIN, signInAs, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { call, type Session } from '../monitor/monitor-app.ts';
import { queueEventWebhooks } from '../../src/modules/webhooks/index.ts';
import { lineTextEvent, signAsLine, startLineStandIn } from './line-stand-in.ts';

const LIST = '/v1/Admin/Webhook/List';
const SAVE = '/v1/Admin/Webhook/Save';
const TEST = '/v1/Admin/Webhook/Test';
const PUBLIC_URL = 'https://wattboard.example.com';
// A long-lived channel access token and a channel secret of the shapes LINE issues.
const CHANNEL_TOKEN =
  'Zx9QyJp3nVt0bq1Lr8s2M6vKc5HdW7eAaFgT4uYiOoPjXlNmBkRwCzSxEyDv0123456789abcdef/+ABCDEFGHIJKLmnopqrs=';
const CHANNEL_SECRET = '4065415af4324c402286d732539ccc79';
const GROUP = `C${'4af4980629'.padEnd(32, '0')}`;
const USER = `U${'206d25c2ea'.padEnd(32, '1')}`;
const LINK = /https:\/\/wattboard\.example\.com\/v1\/Event\/ClearLink\?t=[\w%.-]+/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** LINE through the factory's Official Account (issue #28, decision 0076), against a stand-in LINE. */
describe.each(backends)('LINE destinations on %s', (backend) => {
  let t: TestApp;
  let admin: Session;
  let line: Awaited<ReturnType<typeof startLineStandIn>>;
  let factoryId: number;
  let lineId: number;
  let code: string;

  const db = () => t.testDb.db;
  const save = async (fields: Record<string, unknown>) =>
    call(t.app, admin, SAVE, {
      webhookId: null,
      enabled: true,
      alarms: true,
      demand: true,
      ...fields,
    });
  const list = async () =>
    adminWebhookListResponse.parse((await call(t.app, admin, LIST, {})).json()).webhooks;
  /** LINE posting to our webhook: the body signed with `secret` unless a signature is given. */
  const post = (
    id: number,
    body: unknown,
    { secret = CHANNEL_SECRET, signature }: { secret?: string; signature?: string | null } = {},
  ) => {
    const text = JSON.stringify(body);
    const sig = signature === undefined ? signAsLine(secret, text) : signature;
    return t.app.inject({
      method: 'POST',
      url: `/v1/Line/Webhook/${id}`,
      headers: {
        'content-type': 'application/json; charset=utf-8',
        ...(sig === null ? {} : { 'x-line-signature': sig }),
      },
      payload: text,
    });
  };
  const events = (...list: unknown[]) => ({ destination: `U${'0'.repeat(32)}`, events: list });
  const chatOf = async (id: number) =>
    (
      await db().query<{ chat_id: string | null }>(
        'SELECT chat_id FROM webhook_destinations WHERE id = $1',
        [id],
      )
    )[0]?.chat_id;
  /** The replies arrive after our 200 (they are not awaited): wait for them. */
  const repliesReach = async (count: number) => {
    for (let i = 0; i < 100 && line.replies.length < count; i += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(line.replies).toHaveLength(count);
  };
  const openEvent = async (target: string) => {
    const [row] = await db().query<{ id: string | number }>(
      `INSERT INTO events (factory_id, node_id, target, kind, title_en, desc_en, title_zh, desc_zh,
                           opened_at, last_breach_at)
       VALUES ($1, NULL, $2, 'threshold', 'Voltage high', 'Phase A at 245 V.', '電壓過高',
               'A 相 245 V。', now(), now()) RETURNING id`,
      [factoryId, target],
    );
    const eventId = Number(row!.id);
    return { eventId, queued: await queueEventWebhooks(db(), eventId) };
  };

  beforeAll(async () => {
    line = await startLineStandIn(CHANNEL_TOKEN);
    t = await startTestApp(backend, { LINE_API_BASE: line.base, PUBLIC_URL });
    const a = await signInAs(t.app, ADMIN);
    admin = { email: a.email, token: a.token };
    factoryId = (
      await db().query<{ factory_id: number }>('SELECT factory_id FROM users WHERE email = $1', [
        ADMIN.email,
      ])
    )[0]!.factory_id;
  });
  afterAll(async () => {
    await line?.close();
    await t?.close();
  });

  it('saves a LINE destination: a binding code and the webhook address, never its keys', async () => {
    const refused = await save({ name: 'LINE', format: 'line', lineChannelToken: CHANNEL_TOKEN });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/^lineChannelSecret: /);

    const response = await save({
      name: 'Maintenance LINE group',
      format: 'line',
      lineChannelToken: CHANNEL_TOKEN,
      lineChannelSecret: CHANNEL_SECRET,
    });
    expect(response.statusCode).toBe(200);
    const saved = adminWebhookSaveResponse.parse(response.json());
    lineId = saved.webhooks.at(-1)!.id;
    expect(saved.secret).toBeNull();
    expect(saved.lineBinding).toMatchObject({
      code: expect.stringMatching(/^\d{6}$/),
      webhookUrl: `${PUBLIC_URL}/v1/Line/Webhook/${lineId}`,
    });
    code = saved.lineBinding!.code;
    const expiresIn = Date.parse(saved.lineBinding!.expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(29 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(30 * 60_000);

    const [listed] = (await list()).filter((w) => w.id === lineId);
    expect(listed).toMatchObject({
      format: 'line',
      url: '',
      telegramToken: null,
      line: {
        webhookUrl: `${PUBLIC_URL}/v1/Line/Webhook/${lineId}`,
        bound: false,
        chatType: null,
        codeExpiresAt: saved.lineBinding!.expiresAt,
      },
    });
    const everything = JSON.stringify(await call(t.app, admin, LIST, {}).then((r) => r.json()));
    expect(everything).not.toContain(CHANNEL_TOKEN);
    expect(everything).not.toContain(CHANNEL_SECRET);
    expect(everything).not.toContain(code);
    // Not bound: an alarm queues nothing for it.
    expect((await openEvent('unbound')).queued).toBe(0);
  });

  it("answers LINE's Verify (no events) and refuses what its channel did not sign", async () => {
    expect((await post(lineId, events())).statusCode).toBe(200);
    const bind = events(lineTextEvent(code, { type: 'group', groupId: GROUP }));
    for (const bad of [
      await post(lineId, bind, { secret: 'ffffffffffffffffffffffffffffffff' }),
      await post(lineId, bind, { signature: null }),
      await post(lineId, bind, { signature: 'not base64 at all' }),
      await post(lineId + 1000, bind),
    ]) {
      expect(bad.statusCode).toBe(401);
      expect(bad.body).not.toMatch(/secret|signature:/i);
    }
    // The signature covers the bytes as sent: the same JSON re-spaced is not signed.
    const text = JSON.stringify(bind);
    const spaced = await t.app.inject({
      method: 'POST',
      url: `/v1/Line/Webhook/${lineId}`,
      headers: {
        'content-type': 'application/json',
        'x-line-signature': signAsLine(CHANNEL_SECRET, text),
      },
      payload: JSON.stringify(bind, null, 2),
    });
    expect(spaced.statusCode).toBe(401);
    expect(await chatOf(lineId)).toBeNull();
    expect(line.replies).toHaveLength(0);
  });

  it('a wrong code is told so; the right one binds the group and is answered in both languages', async () => {
    const wrong = code === '000000' ? '000001' : '000000';
    expect(
      (await post(lineId, events(lineTextEvent(wrong, { type: 'group', groupId: GROUP }))))
        .statusCode,
    ).toBe(200);
    await repliesReach(1);
    expect(line.replies[0]!.body.messages[0]!.text).toMatch(/^Wrong code.*\n代碼錯誤/);
    expect(await chatOf(lineId)).toBeNull();
    // Other messages are ignored: no reply.
    await post(lineId, events(lineTextEvent('hello', { type: 'group', groupId: GROUP })));

    const bind = lineTextEvent(` ${code} `, { type: 'group', groupId: GROUP, userId: USER });
    expect((await post(lineId, events(bind))).statusCode).toBe(200);
    await repliesReach(2);
    const reply = line.replies[1]!;
    expect(reply.headers.authorization).toBe(`Bearer ${CHANNEL_TOKEN}`);
    expect(reply.body.replyToken).toBe(bind.replyToken);
    expect(reply.body.messages).toEqual([
      {
        type: 'text',
        text: expect.stringMatching(/^Bound: this group will get .+ alerts.*\n已綁定：此群組/s),
      },
    ]);
    expect(await chatOf(lineId)).toBe(GROUP);
    const [listed] = (await list()).filter((w) => w.id === lineId);
    expect(listed!.line).toMatchObject({ bound: true, chatType: 'group', codeExpiresAt: null });
    const audit = await db().query<{ action: string; detail: { chatType: string } }>(
      "SELECT action, detail FROM audit_log WHERE action = 'webhook.line.bind' AND target_id = $1",
      [String(lineId)],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail.chatType).toBe('group');
    expect(JSON.stringify(audit)).not.toContain(GROUP);

    // LINE redelivers the same event (same webhookEventId): nothing more happens.
    const again = { ...bind, deliveryContext: { isRedelivery: true } };
    expect((await post(lineId, events(again))).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(line.replies).toHaveLength(2);
    // The code is used up: sent again as a new message, it no longer works.
    await post(lineId, events(lineTextEvent(code, { type: 'user', userId: USER })));
    await repliesReach(3);
    expect(line.replies[2]!.body.messages[0]!.text).toMatch(/^This code no longer works/);
    expect(await chatOf(lineId)).toBe(GROUP);
  });

  it('pushes an alarm to the bound group with its clear link, once per delivery', async () => {
    const { queued } = await openEvent('voltage-line');
    expect(queued).toBe(1);
    // LINE fails once: retried later with the same retry key.
    line.answers.push(500);
    expect(await t.app.webhooks.drain()).toEqual({ sent: 0, failed: 1 });
    expect(line.acceptedKeys.size).toBe(0);
    expect(await t.app.webhooks.drain(new Date(Date.now() + 10 * 60_000))).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(line.pushes).toHaveLength(1);
    const push = line.pushes[0]!;
    expect(push.headers.authorization).toBe(`Bearer ${CHANNEL_TOKEN}`);
    expect(push.headers['content-type']).toBe('application/json');
    const retryKey = push.headers['x-line-retry-key'] as string;
    expect(retryKey).toMatch(UUID);
    expect(push.body.to).toBe(GROUP);
    expect(push.body.messages).toHaveLength(1);
    const text = push.body.messages[0]!.text;
    expect(text).toMatch(/^Voltage high \/ 電壓過高\nPhase A at 245 V\.\nA 相 245 V。\n/);
    const last = text.split('\n').at(-1)!;
    expect(last.startsWith('Clear this alarm / 清除此警報')).toBe(true);
    expect(last).toMatch(LINK);

    // A stopped worker's attempt sent again: LINE answers 409 for the key, which counts as sent.
    await db().query(
      "UPDATE webhook_outbox SET status = 'pending', sent_at = NULL WHERE destination_id = $1",
      [lineId],
    );
    expect(await t.app.webhooks.drain(new Date(Date.now() + 20 * 60_000))).toEqual({
      sent: 1,
      failed: 0,
    });
    expect(line.pushes).toHaveLength(1);
    expect(line.acceptedKeys.has(retryKey)).toBe(true);
  });

  it("Admin's test message reaches the chat; a refusal never shows the token", async () => {
    const ok = adminWebhookTestResponse.parse(
      (await call(t.app, admin, TEST, { webhookId: lineId })).json(),
    );
    expect(ok).toMatchObject({ delivered: true, httpStatus: 200 });
    expect(line.pushes.at(-1)!.body.to).toBe(GROUP);
    expect(line.pushes.at(-1)!.body.messages[0]!.text).toMatch(/^Test message from Wattboard/);
    line.answers.push(400);
    const refused = (await call(t.app, admin, TEST, { webhookId: lineId })).json();
    expect(refused).toMatchObject({ delivered: false, httpStatus: 400 });
    expect(JSON.stringify(refused)).not.toContain(CHANNEL_TOKEN);
  });

  it('a new code binds another chat; an expired one is refused', async () => {
    const [current] = (await list()).filter((w) => w.id === lineId);
    const again = adminWebhookSaveResponse.parse(
      (
        await save({
          webhookId: lineId,
          name: current!.name,
          format: 'line',
          lineNewCode: true,
        })
      ).json(),
    );
    const fresh = again.lineBinding!.code;
    // The bound group stays until another chat binds; the keys were kept.
    expect(await chatOf(lineId)).toBe(GROUP);
    await db().query(
      "UPDATE webhook_destinations SET line_code_expires_at = now() - interval '1 minute' WHERE id = $1",
      [lineId],
    );
    const before = line.replies.length;
    await post(lineId, events(lineTextEvent(fresh, { type: 'user', userId: USER })));
    await repliesReach(before + 1);
    expect(line.replies.at(-1)!.body.messages[0]!.text).toMatch(/^This code no longer works/);
    expect(await chatOf(lineId)).toBe(GROUP);

    const newest = adminWebhookSaveResponse.parse(
      (
        await save({ webhookId: lineId, name: current!.name, format: 'line', lineNewCode: true })
      ).json(),
    ).lineBinding!.code;
    await post(lineId, events(lineTextEvent(newest, { type: 'user', userId: USER })));
    await repliesReach(before + 2);
    expect(line.replies.at(-1)!.body.messages[0]!.text).toMatch(/^Bound: you will get/);
    expect(await chatOf(lineId)).toBe(USER);
    const [listed] = (await list()).filter((w) => w.id === lineId);
    expect(listed!.line).toMatchObject({ bound: true, chatType: 'user' });
  });

  it('one Webhook URL serves every destination on the channel: a code binds its own', async () => {
    const second = adminWebhookSaveResponse.parse(
      (
        await save({
          name: 'Night shift LINE',
          format: 'line',
          lineChannelToken: CHANNEL_TOKEN,
          lineChannelSecret: CHANNEL_SECRET,
        })
      ).json(),
    );
    const secondId = second.webhooks.at(-1)!.id;
    const ROOM = `R${'9'.repeat(32)}`;
    const before = line.replies.length;
    // Sent to the account, whose console has the first destination's URL.
    await post(
      lineId,
      events(lineTextEvent(second.lineBinding!.code, { type: 'room', roomId: ROOM })),
    );
    await repliesReach(before + 1);
    expect(line.replies.at(-1)!.body.messages[0]!.text).toMatch(/^Bound: this chat will get/);
    expect(await chatOf(secondId)).toBe(ROOM);
    expect(await chatOf(lineId)).toBe(USER);
  });
});
