import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEmailResponse } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { DEMO, postJson, signInAs, startTestApp, type TestApp } from '../helpers/test-app.ts';
import { openEventWithMail, outboxRows, saveDemoReceivers } from './mail-fixtures.ts';
import { decodeMimeHeader, headerOf } from './smtp-sink.ts';
import { addOtherTenant } from './tenants.ts';

const SEND_TEST = '/API/v1/TestEmail/send-test';

describe.each(backends)('mail as .eml files without SMTP_URL on %s', (backend) => {
  let dataDir: string;
  let outboxDir: string;
  let t: TestApp;

  beforeAll(async () => {
    // The database is the test's own; DATA_DIR only decides where the outbox directory goes.
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'wattboard-mail-test-'));
    outboxDir = path.join(dataDir, 'outbox');
    t = await startTestApp(backend, { DATA_DIR: dataDir, DEV_TOOLS: '1' });
    await saveDemoReceivers(t.app);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const emlFiles = async () => (await readdir(outboxDir).catch(() => [])).sort();

  it('writes one RFC 822 file per outbox row, named by its id, into DATA_DIR/outbox', async () => {
    expect(await emlFiles()).toEqual([]);
    const { eventId } = await openEventWithMail(t.testDb.db, 'voltage');
    expect(await t.app.mail.drain()).toEqual({ sent: 2, failed: 0 });

    const rows = await outboxRows(t.testDb.db, eventId);
    expect(await emlFiles()).toEqual(rows.map((row) => `${row.id}.eml`).sort());
    for (const row of rows) {
      expect(row.status).toBe('sent');
      const raw = await readFile(path.join(outboxDir, `${row.id}.eml`), 'utf8');
      expect(headerOf(raw, 'To')).toBe(row.to_address);
      expect(headerOf(raw, 'From')).toContain('alerts@wattboard.local');
      expect(decodeMimeHeader(headerOf(raw, 'Subject') ?? '')).toBe(
        '[Wattboard] voltage alarm: Air Compressor 1 / voltage警報：空壓機 1',
      );
      expect(headerOf(raw, 'Content-Type')).toMatch(/^multipart\/alternative/);
      expect(raw).toContain('\r\n');
    }
    expect(await t.app.mail.drain()).toEqual({ sent: 0, failed: 0 });
    expect(await emlFiles()).toHaveLength(2);
  });

  it("queues the bilingual test mail for the caller's receivers that are on", async () => {
    const { token } = await signInAs(t.app);
    const before = (await outboxRows(t.testDb.db)).length;
    const response = await postJson(t.app, SEND_TEST, {}, { authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(200);
    const body = testEmailResponse.parse(response.json());
    expect(body).toMatchObject({
      statusCode: 200,
      email: DEMO.email,
      recipients: 2,
      message: 'Test e-mail queued for 2 receivers.',
    });
    const queued = (await outboxRows(t.testDb.db)).slice(before);
    expect(queued.map((row) => row.to_address).sort()).toEqual([
      'chen@example.com',
      'mei@example.com',
    ]);
    expect(queued.every((row) => row.subject === '[Wattboard] Test e-mail / 測試郵件')).toBe(true);
    expect(queued[0]!.body_text).toContain('this is a test e-mail');
    expect(queued[0]!.body_text).toContain('這是一封測試郵件');

    expect(await t.app.mail.drain()).toEqual({ sent: 2, failed: 0 });
    expect(await emlFiles()).toHaveLength(4);
  });

  it('queues nothing for a factory without receivers that are on', async () => {
    const other = await addOtherTenant(t.testDb.db);
    const { token } = await signInAs(t.app, other);
    const before = (await outboxRows(t.testDb.db)).length;
    const response = await postJson(t.app, SEND_TEST, {}, { authorization: `Bearer ${token}` });
    expect(response.json()).toMatchObject({ statusCode: 200, recipients: 0 });
    expect(response.json().message).toMatch(/No e-mail receiver is switched on/);
    expect(await outboxRows(t.testDb.db)).toHaveLength(before);
  });

  it('needs a session', async () => {
    const response = await postJson(t.app, SEND_TEST, {});
    expect(response.statusCode).toBe(401);
  });
});

describe.each(backends)('test e-mail without dev tools on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend, { DEV_TOOLS: '0' });
  });
  afterAll(() => t.close());

  it('does not exist (404) and queues nothing', async () => {
    await saveDemoReceivers(t.app);
    const { token } = await signInAs(t.app);
    const response = await postJson(t.app, SEND_TEST, {}, { authorization: `Bearer ${token}` });
    expect(response.statusCode).toBe(404);
    expect(await outboxRows(t.testDb.db)).toEqual([]);
  });
});
