import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminOutboxListResponse,
  adminWebhookListResponse,
  adminWebhookSaveResponse,
} from '@wattboard/contract';
import { clockMinutes, DAY_MS, MINUTE_MS, ZoneClock } from '@wattboard/zone-time';
import { mintReportLinkToken } from '../../src/modules/scheduled-reports/report-link-token.ts';
import { loadReportLinkSecret } from '../../src/modules/scheduled-reports/repo/report-link-store.ts';
import { latestDueRun, previousPeriod } from '../../src/modules/scheduled-reports/schedule.ts';
import { verifyWebhookSignature } from '../../src/modules/webhooks/calc/signature.ts';
import { backends } from '../helpers/backends.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { call, signIn, type Session } from '../monitor/monitor-app.ts';
import { startReceiver } from '../webhooks/receiver.ts';
import { REPORT_ZONE, seedReportPlant } from './report-fixture.ts';

const SAVE = '/v1/Admin/Webhook/Save';
const LIST = '/v1/Admin/Webhook/List';
const UPDATE = '/v1/Admin/ScheduledReport/Update';
const SEND_NOW = '/v1/Admin/ScheduledReport/SendNow';
const OUTBOX = '/v1/Admin/Outbox/List';
const ORIGIN = 'https://wattboard.example.com';
const TOKEN = '123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const clock = new ZoneClock(REPORT_ZONE);
const week = latestDueRun('weekly', Date.now(), clock).period;
const previousWeek = previousPeriod('weekly', week);
const title = `Weekly energy report ${week.from} – ${week.to}`;

/** The link a delivered body carries (every format has the address whole in it). */
const linkIn = (body: string) => {
  const match = /https:\/\/wattboard\.example\.com\/v1\/Report\/File\?t=[A-Za-z0-9._%-]+/.exec(
    body,
  );
  if (!match) throw new Error(`no report link in ${body}`);
  return match[0];
};
const pathOf = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

describe.each(backends)('scheduled reports to webhook destinations on %s', (backend) => {
  let t: TestApp;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let a: Session;
  let b: Session;
  let aFactory: number;
  let bFactory: number;
  let signedSecret: string;

  const save = async (session: Session, fields: Record<string, unknown>) => {
    const response = await call(t.app, session, SAVE, {
      webhookId: null,
      enabled: true,
      alarms: true,
      demand: true,
      ...fields,
    });
    expect(response.statusCode, JSON.stringify(response.json())).toBe(200);
    return adminWebhookSaveResponse.parse(response.json());
  };
  /** The stored file the report mail of the factory attaches (the newest). */
  const mailedFile = async (factoryId: number) => {
    const [row] = await t.testDb.db.query<{ id: string | number; content: Uint8Array }>(
      `SELECT a.id, a.content FROM mail_outbox m
         JOIN mail_attachments a ON a.id = m.attachment_id AND a.factory_id = m.factory_id
        WHERE m.factory_id = $1 ORDER BY m.id DESC LIMIT 1`,
      [factoryId],
    );
    return { id: Number(row!.id), content: Buffer.from(row!.content) };
  };
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    receiver = await startReceiver();
    t = await startTestApp(backend, {
      SIMULATOR: 'off',
      TELEGRAM_API_BASE: receiver.base,
      LINE_API_BASE: receiver.base,
      PUBLIC_URL: ORIGIN,
    });
    const plantA = await seedReportPlant(t.testDb.db, 'rwa', week, previousWeek);
    const plantB = await seedReportPlant(t.testDb.db, 'rwb', week, previousWeek);
    aFactory = plantA.factoryId;
    bFactory = plantB.factoryId;
    a = await signIn(t.app, plantA);
    b = await signIn(t.app, plantB);
  }, 120_000);
  afterAll(async () => {
    await receiver?.close();
    await t?.close();
  });

  it('a destination takes reports only when asked; List says which', async () => {
    const signed = await save(a, {
      name: 'Energy app',
      format: 'signed',
      url: `${receiver.base}/signed`,
      reports: true,
    });
    signedSecret = signed.secret!;
    await save(a, { name: 'Slack', format: 'slack', url: `${receiver.base}/slack`, reports: true });
    await save(a, { name: 'Teams', format: 'teams', url: `${receiver.base}/teams`, reports: true });
    await save(a, {
      name: 'Telegram',
      format: 'telegram',
      telegramChatId: '-1001234',
      telegramToken: TOKEN,
      reports: true,
    });
    const line = await save(a, {
      name: 'LINE group',
      format: 'line',
      lineChannelToken: 'L'.repeat(40),
      lineChannelSecret: 'a'.repeat(32),
      reports: true,
    });
    // The group bound itself (decision 0076), as the binding code would have done.
    await t.testDb.db.query(
      `UPDATE webhook_destinations SET chat_id = 'Cgroup', line_chat_type = 'group'
        WHERE factory_id = $1 AND id = $2`,
      [aFactory, line.webhooks.at(-1)!.id],
    );
    // Alarms only (an older client sends no `reports`), and a switched-off one.
    await save(a, { name: 'Alarms only', format: 'slack', url: `${receiver.base}/alarms-only` });
    await save(a, {
      name: 'Off',
      format: 'slack',
      url: `${receiver.base}/off`,
      enabled: false,
      reports: true,
    });
    const list = adminWebhookListResponse.parse((await call(t.app, a, LIST, {})).json());
    expect(list.webhooks.map((w) => [w.name, w.reports])).toEqual([
      ['Energy app', true],
      ['Slack', true],
      ['Teams', true],
      ['Telegram', true],
      ['LINE group', true],
      ['Alarms only', false],
      ['Off', true],
    ]);
  });

  it('"send now" sends each taking destination one message in its format with a working link', async () => {
    await call(t.app, a, UPDATE, { kind: 'weekly', enabled: true, receivers: ['a@example.com'] });
    const response = await call(t.app, a, SEND_NOW, { kind: 'weekly' });
    expect(response.json()).toMatchObject({
      statusCode: 200,
      queued: 1,
      webhooks: 5,
      message: `The weekly report for ${week.from} – ${week.to} is queued for 1 receiver and 5 webhook destinations.`,
    });
    expect(await t.app.webhooks.drain()).toEqual({ sent: 5, failed: 0 });
    // Exactly once: nothing is left to send.
    expect(await t.app.webhooks.drain()).toEqual({ sent: 0, failed: 0 });
    const byPath = new Map(receiver.received.map((r) => [r.path, r]));
    expect([...byPath.keys()].sort()).toEqual(
      ['/signed', '/slack', '/teams', `/bot${TOKEN}/sendMessage`, '/v2/bot/message/push'].sort(),
    );

    const signed = byPath.get('/signed')!;
    const body = JSON.parse(signed.body);
    expect(body).toMatchObject({
      type: 'report.ready',
      factory: { id: aFactory },
      report: { kind: 'weekly', period: week, title: { en: title } },
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
    const expires = new Date(body.report.expiresAt).getTime();
    expect(Math.abs(expires - (Date.now() + 7 * DAY_MS))).toBeLessThan(60_000);
    expect(JSON.parse(byPath.get('/slack')!.body).text).toContain(title);
    expect(byPath.get('/teams')!.body).toContain('Action.OpenUrl');
    expect(JSON.parse(byPath.get(`/bot${TOKEN}/sendMessage`)!.body).chat_id).toBe('-1001234');
    expect(JSON.parse(byPath.get('/v2/bot/message/push')!.body).to).toBe('Cgroup');

    // Every format's link opens, without signing in, the very file the e-mail attaches.
    const mailed = await mailedFile(aFactory);
    for (const received of receiver.received) {
      const file = await get(pathOf(linkIn(received.body)));
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe(XLSX);
      expect(file.headers['content-disposition']).toContain(
        `wattboard-weekly-report-${week.from}-to-${week.to}.xlsx`,
      );
      expect(Buffer.compare(file.rawPayload, mailed.content)).toBe(0);
    }
  });

  it('Admin › Outbox lists each report delivery by its title', async () => {
    const outbox = adminOutboxListResponse.parse(
      (await call(t.app, a, OUTBOX, { channel: 'webhook', limit: 50 })).json(),
    );
    const reports = outbox.items.filter((item) => item.subject === title);
    expect(reports).toHaveLength(5);
    for (const item of reports) {
      expect(item).toMatchObject({
        status: 'sent',
        eventId: null,
        subjectZh: `每週用電報告 ${week.from} – ${week.to}`,
      });
    }
  });

  it('an expired, altered or made-up link is refused in both languages, never a 500', async () => {
    const secret = await loadReportLinkSecret(t.testDb.db);
    const { id } = await mailedFile(aFactory);
    const claims = { factoryId: aFactory, fileId: id, kind: 'weekly' as const, ...week };
    const old = mintReportLinkToken(secret, claims, Date.now() - 7 * DAY_MS - MINUTE_MS).token;
    const expired = await get(`/v1/Report/File?t=${encodeURIComponent(old)}`);
    expect(expired.statusCode).toBe(410);
    expect(expired.headers['content-type']).toContain('text/html');
    expect(expired.body).toContain('This report link has expired');
    expect(expired.body).toContain('此報表連結已過期');

    const good = mintReportLinkToken(secret, claims, Date.now()).token;
    expect((await get(`/v1/Report/File?t=${encodeURIComponent(good)}`)).statusCode).toBe(200);
    const [payload, signature] = good.split('.') as [string, string];
    const altered = `${payload.slice(0, -2)}${payload.endsWith('x') ? 'yy' : 'xx'}.${signature}`;
    for (const t2 of [altered, `${payload}.${signature.slice(1)}`, 'nonsense', 'a.b']) {
      const refused = await get(`/v1/Report/File?t=${encodeURIComponent(t2)}`);
      expect(refused.statusCode).toBe(404);
      expect(refused.body).toContain('This report link is not valid');
      expect(refused.body).toContain('此報表連結無效');
    }
    // No token at all: a plain 400 naming the field, not a crash.
    const missing = await get('/v1/Report/File');
    expect(missing.statusCode).toBe(400);
  });

  it("a genuine link of factory A never yields factory B's file", async () => {
    await call(t.app, b, UPDATE, { kind: 'weekly', enabled: true, receivers: ['b@example.com'] });
    expect((await call(t.app, b, SEND_NOW, { kind: 'weekly' })).json()).toMatchObject({
      statusCode: 200,
      queued: 1,
      webhooks: 0,
    });
    const bFile = await mailedFile(bFactory);
    const secret = await loadReportLinkSecret(t.testDb.db);
    const claims = { fileId: bFile.id, kind: 'weekly' as const, ...week };
    const aNamingB = mintReportLinkToken(secret, { ...claims, factoryId: aFactory }, Date.now());
    const refused = await get(`/v1/Report/File?t=${encodeURIComponent(aNamingB.token)}`);
    expect(refused.statusCode).toBe(404);
    expect(refused.rawPayload.includes(bFile.content.subarray(0, 64))).toBe(false);
    // The control: the same file under its own factory opens.
    const own = mintReportLinkToken(secret, { ...claims, factoryId: bFactory }, Date.now());
    expect((await get(`/v1/Report/File?t=${encodeURIComponent(own.token)}`)).statusCode).toBe(200);
    // And B's report went to none of A's destinations (B has none).
    expect(await t.app.webhooks.drain()).toEqual({ sent: 0, failed: 0 });
  });

  it('waits out quiet hours, and a refused delivery is retried with the same body', async () => {
    await t.testDb.db.query(
      `UPDATE webhook_destinations SET enabled = (name = 'Slack') WHERE factory_id = $1`,
      [aFactory],
    );
    // Quiet hours from an hour ago to an hour ahead on the factory's wall clock.
    const now = Date.now();
    const minute = clock.localParts(now).minuteOfDay;
    const hhmm = (m: number) => {
      const wrapped = ((m % 1440) + 1440) % 1440;
      return `${String(Math.floor(wrapped / 60)).padStart(2, '0')}:${String(wrapped % 60).padStart(2, '0')}`;
    };
    const quiet = { start: hhmm(minute - 60), end: hhmm(minute + 60) };
    const [slack] = await t.testDb.db.query<{ id: number }>(
      `SELECT id FROM webhook_destinations WHERE factory_id = $1 AND name = 'Slack'`,
      [aFactory],
    );
    await t.testDb.db.query(
      `UPDATE webhook_destinations SET quiet_start = $2, quiet_end = $3 WHERE id = $1`,
      [slack!.id, quiet.start, quiet.end],
    );
    expect(clockMinutes(quiet.end)).toBe((minute + 60) % 1440);
    const before = receiver.received.length;
    await call(t.app, a, SEND_NOW, { kind: 'weekly' });
    const [row] = await t.testDb.db.query<{ next_attempt_at: Date | string; body: string }>(
      `SELECT next_attempt_at, body FROM webhook_outbox
        WHERE factory_id = $1 AND destination_id = $2 ORDER BY id DESC LIMIT 1`,
      [aFactory, slack!.id],
    );
    const due = new Date(row!.next_attempt_at).getTime();
    expect(due).toBeGreaterThan(now + 59 * MINUTE_MS);
    expect(due).toBeLessThan(now + 61 * MINUTE_MS);
    expect(await t.app.webhooks.drain(new Date(now + MINUTE_MS))).toEqual({ sent: 0, failed: 0 });

    receiver.answers.push(503);
    expect(await t.app.webhooks.drain(new Date(due))).toEqual({ sent: 0, failed: 1 });
    expect(await t.app.webhooks.drain(new Date(due + 31_000))).toEqual({ sent: 1, failed: 0 });
    const sent = receiver.received.slice(before);
    expect(sent).toHaveLength(2);
    expect(sent[0]!.body).toBe(row!.body);
    expect(sent[1]!.body).toBe(row!.body);
  });

  it('the scheduled run queues each destination once, even run twice', async () => {
    await t.testDb.db.query(
      `UPDATE webhook_destinations SET enabled = true, quiet_start = NULL, quiet_end = NULL
        WHERE factory_id = $1 AND name <> 'Off'`,
      [aFactory],
    );
    await t.testDb.db.query(
      `UPDATE scheduled_reports SET enabled_since = now() - interval '40 days' WHERE factory_id = $1`,
      [aFactory],
    );
    // Only A's report was on before the week's Monday 08:00 (B's was switched on just now).
    const now = new Date();
    const [first, second] = await Promise.all([
      t.app.scheduledReports.runDue(now),
      t.app.scheduledReports.runDue(now),
    ]);
    // A's 1 mail and 5 destinations, once.
    expect(first + second).toBe(6);
    expect(await t.app.scheduledReports.runDue(new Date(now.getTime() + MINUTE_MS))).toBe(0);
    const before = receiver.received.length;
    expect(await t.app.webhooks.drain()).toEqual({ sent: 5, failed: 0 });
    expect(await t.app.webhooks.drain()).toEqual({ sent: 0, failed: 0 });
    for (const received of receiver.received.slice(before)) {
      const file = await get(pathOf(linkIn(received.body)));
      expect(file.statusCode).toBe(200);
    }
  });
});
