import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, adminMailListResponse, adminMailRetryResponse } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { startAdminFixture, type AdminFixture } from './admin-fixture.ts';

const LIST = '/v1/Admin/Mail/List';
const RETRY = '/v1/Admin/Mail/Retry';

describe.each(backends)('admin mail outbox on %s', (backend) => {
  let f: AdminFixture;
  let dataDir: string;
  let failedId: number;
  let otherId: number;

  const addMail = async (factoryId: number, status: string, error: string | null) => {
    const rows = await f.t.testDb.db.query<{ id: number | string }>(
      `INSERT INTO mail_outbox (factory_id, to_address, subject, body_text, status, attempts, last_error, sent_at)
       VALUES ($1, 'ops@example.com', 'Alarm', 'text', $2, $3, $4, CASE WHEN $2 = 'sent' THEN now() END)
       RETURNING id`,
      [factoryId, status, status === 'failed' ? 8 : 0, error],
    );
    return Number(rows[0]!.id);
  };

  beforeAll(async () => {
    // Sent mail becomes .eml files under DATA_DIR/outbox (no SMTP_URL).
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'wattboard-admin-mail-'));
    f = await startAdminFixture(backend, { DATA_DIR: dataDir });
    await addMail(f.demoFactory, 'sent', null);
    failedId = await addMail(f.demoFactory, 'failed', '550 mailbox unavailable');
    await addMail(f.demoFactory, 'pending', null);
    otherId = await addMail(f.otherFactory, 'failed', 'boom');
  });
  afterAll(async () => {
    await f.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const list = async (body: Record<string, unknown> = {}, token = f.adminToken) =>
    adminMailListResponse.parse((await f.call(LIST, token, body)).json());

  it('lists the factory outbox newest first with status, attempts and the last error', async () => {
    const body = await list();
    expect(body.mails.map((m) => m.status)).toEqual(['pending', 'failed', 'sent']);
    expect(body.mails[1]).toMatchObject({ attempts: 8, lastError: '550 mailbox unavailable' });
    expect((await list({ status: 'failed' })).mails.map((m) => m.id)).toEqual([failedId]);
    const paged = await list({ limit: 1 });
    expect(paged.nextBeforeId).toBe(paged.mails[0]!.id);
    expect((await list({}, f.otherAdminToken)).mails.map((m) => m.id)).toEqual([otherId]);
  });

  it('retries a failed mail: queued again now, then sent by the worker', async () => {
    const retried = adminMailRetryResponse.parse(
      (await f.call(RETRY, f.adminToken, { mailId: failedId })).json(),
    );
    expect(retried.mail).toMatchObject({ status: 'pending', attempts: 0 });
    const drained = await f.t.app.mail.drain();
    expect(drained.sent).toBeGreaterThanOrEqual(1);
    const sent = (await list({ status: 'sent' })).mails.map((m) => m.id);
    expect(sent).toContain(failedId);
    const again = await f.call(RETRY, f.adminToken, { mailId: failedId });
    expect(again.json()).toMatchObject({ statusCode: 201, message: ADMIN_MESSAGES.mailNotFailed });
    const audit = await f.t.testDb.db.query<{ target_id: string }>(
      "SELECT target_id FROM audit_log WHERE action = 'mail.retry'",
    );
    expect(audit).toEqual([{ target_id: String(failedId) }]);
  });

  it("refuses another factory's mail (1011), non-Admins (403), another factory id (1008), bad ids (400)", async () => {
    const foreign = await f.call(RETRY, f.adminToken, { mailId: otherId });
    expect(foreign.json()).toMatchObject({ statusCode: 1011, message: ADMIN_MESSAGES.notFound });
    expect((await list({}, f.otherAdminToken)).mails[0]!.status).toBe('failed');
    expect((await f.call(LIST, f.demoToken)).statusCode).toBe(403);
    expect((await f.call(RETRY, f.demoToken, { mailId: failedId })).statusCode).toBe(403);
    expect(
      (await f.call(LIST, f.adminToken, { factoryId: f.otherFactory })).json().statusCode,
    ).toBe(1008);
    const bad = await f.call(LIST, f.adminToken, { status: 'queued' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('status');
  });
});
