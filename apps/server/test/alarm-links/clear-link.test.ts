import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/backends.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import {
  openEventWithMail,
  outboxRows,
  saveDemoReceivers,
  ON_RECEIVERS,
} from '../mail/mail-fixtures.ts';
import { addOtherTenant } from '../mail/tenants.ts';
import { mintClearLinkToken } from '../../src/modules/alarm-links/index.ts';
import { loadClearLinkSecret } from '../../src/modules/alarm-links/repo/link-store.ts';

const PATH = '/v1/Event/ClearLink';
const HOUR = 3_600_000;

/** The text part of an .eml (quoted-printable, as nodemailer writes non-ASCII text). */
function textPart(eml: string): string {
  const unfolded = eml.replace(/=\r?\n/g, '');
  const bytes = unfolded.replace(/=([0-9A-F]{2})/g, (_m, hex: string) =>
    String.fromCharCode(parseInt(hex, 16)),
  );
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Alarm mails carry each receiver's own link; the link clears that one alarm once (decision 0074). */
describe.each(backends)('alarm clear links on %s', (backend) => {
  let t: TestApp;
  let dataDir: string;
  let secret: string;

  const db = () => t.testDb.db;
  const stateOf = async (eventId: number) =>
    (await db().query<{ state: string }>('SELECT state FROM events WHERE id = $1', [eventId]))[0]
      ?.state;
  const linkFor = (factoryId: number, eventId: number, nowMs = Date.now()) =>
    mintClearLinkToken(secret, { factoryId, eventId, receiver: 'mei@example.com' }, nowMs);
  const open = (token: string) =>
    t.app.inject({ method: 'GET', url: `${PATH}?t=${encodeURIComponent(token)}` });
  const press = (token: string, action?: 'clear' | 'acknowledge') =>
    t.app.inject({
      method: 'POST',
      url: `${PATH}?t=${encodeURIComponent(token)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ t: token, ...(action ? { action } : {}) }).toString(),
    });
  const demoFactory = async () =>
    (await db().query<{ id: number }>("SELECT id FROM factories WHERE slug = 'demo'"))[0]!.id;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'wattboard-clear-link-'));
    t = await startTestApp(backend, { DATA_DIR: dataDir, SIMULATOR: 'off' });
    await saveDemoReceivers(t.app);
    secret = await loadClearLinkSecret(db());
  });
  afterAll(async () => {
    await t?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("puts each receiver's own link in the alarm mail, in both languages", async () => {
    const { eventId } = await openEventWithMail(db(), 'voltage');
    expect(await t.app.mail.drain()).toEqual({ sent: 2, failed: 0 });
    const links: string[] = [];
    for (const row of await outboxRows(db(), eventId)) {
      const text = textPart(
        await readFile(path.join(dataDir, 'outbox', `${row.id}.eml`), 'latin1'),
      );
      expect(text).toContain('Clear this alarm without signing in');
      expect(text).toContain('免登入清除此警報');
      expect(text).not.toContain('%%WATTBOARD_CLEAR_LINK%%');
      const found = text.match(/https?:\/\/[\w.:[\]-]+\/v1\/Event\/ClearLink\?t=[\w%.-]+/g) ?? [];
      // One link per receiver, in the English and the Chinese part (and the HTML's).
      expect(found.length).toBeGreaterThanOrEqual(2);
      expect(new Set(found).size, JSON.stringify(found)).toBe(1);
      links.push(found[0]!);
    }
    expect(new Set(links).size).toBe(ON_RECEIVERS.length);

    // The mail's own link opens the confirmation, and its button clears the alarm.
    const token = decodeURIComponent(new URL(links[0]!).searchParams.get('t')!);
    const page = await open(token);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('voltage alarm: Air Compressor 1');
    expect(page.body).toContain('<form method="post">');
    expect(await stateOf(eventId)).toBe('unresolved');

    const cleared = await press(token);
    expect(cleared.statusCode).toBe(200);
    expect(cleared.body).toContain('Alarm cleared');
    expect(cleared.body).toContain('警報已清除');
    expect(await stateOf(eventId)).toBe('resolved');
    const audit = await db().query<{ actor: string; user_id: number | null; detail: unknown }>(
      "SELECT actor, user_id, detail FROM audit_log WHERE action = 'alarm.clear' AND target_id = $1",
      [String(eventId)],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ user_id: null, detail: { via: 'clear link' } });
    expect(ON_RECEIVERS).toContain(audit[0]!.actor);
  });

  it('works once: a second press says so and changes nothing', async () => {
    const { eventId } = await openEventWithMail(db(), 'current');
    const token = linkFor(await demoFactory(), eventId);
    expect((await press(token)).statusCode).toBe(200);
    const again = await press(token);
    expect(again.statusCode).toBe(410);
    expect(again.body).toContain('This link has been used');
    expect((await open(token)).statusCode).toBe(410);
  });

  it('acknowledges instead: the alarm stays open, escalation-free, the link is used up', async () => {
    const { eventId } = await openEventWithMail(db(), 'current');
    const factoryId = await demoFactory();
    const token = linkFor(factoryId, eventId);
    expect((await open(token)).body).toContain('value="acknowledge"');
    const acknowledged = await press(token, 'acknowledge');
    expect(acknowledged.statusCode).toBe(200);
    expect(acknowledged.body).toContain('Alarm acknowledged');
    expect(acknowledged.body).toContain('已確認收到警報');
    expect(acknowledged.body).not.toContain('<form');
    const [row] = await db().query<{ state: string; acknowledged_by: string | null }>(
      'SELECT state, acknowledged_by FROM events WHERE id = $1',
      [eventId],
    );
    expect(row).toEqual({ state: 'unresolved', acknowledged_by: 'mei@example.com' });
    expect((await press(token, 'acknowledge')).statusCode).toBe(410);
    const audit = await db().query<{ actor: string }>(
      "SELECT actor FROM audit_log WHERE action = 'alarm.acknowledge' AND target_id = $1",
      [String(eventId)],
    );
    expect(audit.map((a) => a.actor)).toEqual(['mei@example.com']);
    // Another link still clears it; a second acknowledgement keeps the first.
    expect((await press(linkFor(factoryId, eventId), 'acknowledge')).body).toContain(
      'Alarm acknowledged',
    );
    expect(
      await db().query(
        "SELECT 1 FROM audit_log WHERE action = 'alarm.acknowledge' AND target_id = $1",
        [String(eventId)],
      ),
    ).toHaveLength(1);
    expect((await press(linkFor(factoryId, eventId))).body).toContain('Alarm cleared');
    expect(await stateOf(eventId)).toBe('resolved');
  });

  it('a link to an alarm someone already cleared says so, and leaves the link unused', async () => {
    const { eventId } = await openEventWithMail(db(), 'power');
    const factoryId = await demoFactory();
    await press(linkFor(factoryId, eventId));
    const second = linkFor(factoryId, eventId);
    const page = await open(second);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Already cleared');
    expect(page.body).not.toContain('<form');
  });

  it('refuses an expired, altered or made-up link, and changes nothing', async () => {
    const { eventId } = await openEventWithMail(db(), 'frequency');
    const factoryId = await demoFactory();
    const expired = linkFor(factoryId, eventId, Date.now() - 13 * HOUR);
    expect((await press(expired)).statusCode).toBe(410);
    expect((await open(expired)).body).toContain('This link has expired');

    const good = linkFor(factoryId, eventId);
    const [payload, signature] = good.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as object;
    const forged = Buffer.from(JSON.stringify({ ...claims, eventId: eventId + 1 })).toString(
      'base64url',
    );
    for (const bad of [`${forged}.${signature}`, 'nonsense', `${payload}.`, 'a.b.c']) {
      const page = await press(bad);
      expect(page.statusCode).toBe(404);
      expect(page.body).toContain('This link is not valid');
    }
    expect(await stateOf(eventId)).toBe('unresolved');
    // An empty or missing token is a plain 400 naming the field.
    const missing = await t.app.inject({ method: 'GET', url: PATH });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('t');
  });

  it("a link names its own factory's alarm only: another factory's event id is not found", async () => {
    const other = await addOtherTenant(db());
    const theirs = await db().query<{ id: string }>(
      `INSERT INTO events (factory_id, node_id, target, kind, title_en, desc_en, title_zh, desc_zh)
       VALUES ($1, NULL, 'current', 'threshold', 'Theirs', 'D', '他們的', '描') RETURNING id::text AS id`,
      [other.factoryId],
    );
    const theirId = Number(theirs[0]!.id);
    // A genuine link of the demo factory, naming the other factory's event id.
    const page = await press(linkFor(await demoFactory(), theirId));
    expect(page.statusCode).toBe(404);
    expect(page.body).not.toContain('Theirs');
    expect(await stateOf(theirId)).toBe('unresolved');
  });
});
