import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  adminOutboxListResponse,
  adminWebhookRetry,
  StatusCode,
  type AdminOutboxItem,
  type OutboxCursor,
} from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { startAdminFixture, type AdminFixture } from './admin-fixture.ts';

const LIST = '/v1/Admin/Outbox/List';
const RETRY = '/v1/Admin/Webhook/Retry';
const AT = '2026-11-29T03:00:00.123';

describe.each(backends)('Admin › Outbox, every channel, on %s', (backend) => {
  let f: AdminFixture;
  let dataDir: string;
  let failedDelivery: number;
  let sentDelivery: number;
  let otherDelivery: number;

  const db = () => f.t.testDb.db;
  const one = async (sql: string, params: unknown[]) =>
    Number((await db().query<{ id: number | string }>(sql, params))[0]!.id);
  const mail = (factoryId: number, status: string, createdAt: string) =>
    one(
      `INSERT INTO mail_outbox (factory_id, to_address, subject, body_text, status, attempts,
                                created_at, sent_at)
       VALUES ($1, 'ops@example.com', 'Alarm mail', 'text', $2, 1, $3,
               CASE WHEN $2 = 'sent' THEN now() END) RETURNING id`,
      [factoryId, status, createdAt],
    );
  const destination = (factoryId: number, name: string, format: string) =>
    one(
      `INSERT INTO webhook_destinations (factory_id, name, format, url, secret, line_channel_secret)
       VALUES ($1, $2, $3, 'http://127.0.0.1:9/hook', 'key',
               CASE WHEN $3 = 'line' THEN 'line-secret' END) RETURNING id`,
      [factoryId, name, format],
    );
  const delivery = (factoryId: number, destinationId: number, status: string, createdAt: string) =>
    one(
      `INSERT INTO webhook_outbox (factory_id, destination_id, body, status, attempts, last_error,
                                   created_at, sent_at)
       VALUES ($1, $2, '{}', $3, CASE WHEN $3 = 'failed' THEN 5 ELSE 1 END,
               CASE WHEN $3 = 'failed' THEN 'HTTP 500' END, $4,
               CASE WHEN $3 = 'sent' THEN now() END) RETURNING id`,
      [factoryId, destinationId, status, createdAt],
    );

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'wattboard-admin-outbox-'));
    f = await startAdminFixture(backend, { DATA_DIR: dataDir });
    const slack = await destination(f.demoFactory, 'Shift chat', 'slack');
    const line = await destination(f.demoFactory, 'Plant LINE group', 'line');
    await mail(f.demoFactory, 'sent', `${AT}+08:00`);
    // Three items queued in the same millisecond: paging must neither repeat nor skip one.
    await mail(f.demoFactory, 'failed', `${AT}456+08:00`);
    failedDelivery = await delivery(f.demoFactory, slack, 'failed', `${AT}789+08:00`);
    sentDelivery = await delivery(f.demoFactory, line, 'sent', `${AT}001+08:00`);
    await mail(f.demoFactory, 'pending', '2026-11-29T04:00:00+08:00');
    const other = await destination(f.otherFactory, 'Berlin hook', 'signed');
    otherDelivery = await delivery(f.otherFactory, other, 'failed', `${AT}+08:00`);
  });
  afterAll(async () => {
    await f.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const list = async (body: Record<string, unknown> = {}, token = f.adminToken) =>
    adminOutboxListResponse.parse((await f.call(LIST, token, body)).json());
  const label = (item: AdminOutboxItem) => `${item.channel}:${item.to}:${item.status}`;

  it('lists mail and every destination together, newest first', async () => {
    const body = await list();
    // Within one millisecond: webhooks before mail, then the later-queued (higher id) first.
    expect(body.items.map(label)).toEqual([
      'email:ops@example.com:pending',
      'line:Plant LINE group:sent',
      'slack:Shift chat:failed',
      'email:ops@example.com:failed',
      'email:ops@example.com:sent',
    ]);
    expect(body.items[2]).toMatchObject({
      id: failedDelivery,
      attempts: 5,
      lastError: 'HTTP 500',
      escalation: false,
      subject: null,
    });
    expect(body.nextBefore).toBeNull();
  });

  it('pages one item at a time through a shared millisecond without repeats or gaps', async () => {
    const seen: string[] = [];
    let before: OutboxCursor | null | undefined;
    do {
      const page = await list({ limit: 1, ...(before ? { before } : {}) });
      seen.push(...page.items.map(label));
      before = page.nextBefore;
    } while (before && seen.length < 10);
    expect(seen).toEqual((await list()).items.map(label));
  });

  it('filters by side and status, and shows only the factory’s own', async () => {
    expect((await list({ channel: 'webhook' })).items.map(label)).toEqual([
      'line:Plant LINE group:sent',
      'slack:Shift chat:failed',
    ]);
    expect((await list({ channel: 'email', status: 'failed' })).items).toHaveLength(1);
    expect((await list({ status: 'failed' })).items.map((item) => item.channel)).toEqual([
      'slack',
      'email',
    ]);
    const berlin = await list({}, f.otherAdminToken);
    expect(berlin.items.map((item) => item.id)).toEqual([otherDelivery]);
  });

  it('retries a failed delivery, audited, and refuses one that did not fail', async () => {
    const retried = adminWebhookRetry.response.parse(
      (await f.call(RETRY, f.adminToken, { deliveryId: failedDelivery })).json(),
    );
    expect(retried.item).toMatchObject({ id: failedDelivery, status: 'pending', attempts: 0 });
    const audit = await db().query<{ action: string }>(
      `SELECT action FROM audit_log WHERE factory_id = $1 AND action = 'webhook.retry'`,
      [f.demoFactory],
    );
    expect(audit).toHaveLength(1);
    expect((await f.call(RETRY, f.adminToken, { deliveryId: sentDelivery })).json()).toMatchObject({
      statusCode: StatusCode.Fail,
      message: ADMIN_MESSAGES.deliveryNotFailed,
    });
    // Another factory's delivery is not found, and stays failed.
    expect(
      (await f.call(RETRY, f.adminToken, { deliveryId: otherDelivery })).json().statusCode,
    ).toBe(StatusCode.DataNotFound);
    expect((await list({}, f.otherAdminToken)).items[0]!.status).toBe('failed');
  });

  it('names a bad cursor', async () => {
    const response = await f.call(LIST, f.adminToken, {
      before: { createdAt: '2026-11-29T03:00:00', side: 'email', id: 1 },
    });
    expect(response.statusCode).toBe(400);
    expect(JSON.stringify(response.json())).toContain('before.createdAt must be an ISO instant');
  });
});
