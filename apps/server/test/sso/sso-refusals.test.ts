import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertPendingSignIn } from '../../src/modules/sso/repo.ts';
import { backends } from '../helpers/backends.ts';
import { expectNoStackTrace } from '../helpers/test-app.ts';
import type { TestAccount } from './identity-provider.ts';
import { followProvider } from './browser.ts';
import {
  APP_URL,
  callback,
  sessionOf,
  startSignIn,
  startSsoFixture,
  type SsoFixture,
} from './sso-app.ts';

const demoPerson: TestAccount = {
  sub: 'demo-1',
  email: 'demo@wattboard.local',
  name: 'D',
  groups: ['energy-managers'],
};

/** A refusal is a page in both languages naming what went wrong, never a 500 or a stack trace. */
function expectRefusal(
  response: { statusCode: number; body: string; headers: Record<string, unknown> },
  status: number,
  english: string,
  chinese: string,
) {
  expect(response.statusCode, response.body).toBe(status);
  expect(String(response.headers['content-type'])).toContain('text/html');
  expect(response.body).toContain(english);
  expect(response.body).toContain(chinese);
  expectNoStackTrace(response.body);
}

describe.each(backends)('single sign-on refusals on %s', (backend) => {
  let f: SsoFixture;
  beforeAll(async () => {
    f = await startSsoFixture(backend);
  });
  afterAll(() => f.close());

  const sessionCount = async () =>
    Number((await f.t.testDb.db.query<{ n: string }>('SELECT count(*) AS n FROM sessions'))[0]?.n);

  it('refuses a tampered state, in the address or in the cookie as well', async () => {
    f.idp.signInNext(demoPerson);
    const { authUrl, cookie } = await startSignIn(f.t.app, 'demo');
    const back = await followProvider(authUrl, APP_URL);
    const forged = new URL(back);
    forged.searchParams.set('state', 'forged-state');
    const before = await sessionCount();
    expectRefusal(await callback(f.t.app, forged, cookie), 400, 'unknown, already used', '無效');
    // A browser whose cookie says the forged state too: no sign-in was started with it.
    const both = await callback(f.t.app, forged, 'wattboard_sso=forged-state');
    expectRefusal(both, 400, 'unknown, already used', '已使用');
    // Another browser's callback (no cookie) is refused even with the real state.
    expectRefusal(await callback(f.t.app, back, ''), 400, 'unknown, already used', '已過期');
    expect(await sessionCount()).toBe(before);
  });

  it('refuses an ID token whose nonce is not the one this sign-in sent', async () => {
    f.idp.signInNext(demoPerson);
    const { authUrl, cookie } = await startSignIn(f.t.app, 'demo');
    const changed = new URL(authUrl);
    changed.searchParams.set('nonce', 'a-nonce-of-someone-else');
    const before = await sessionCount();
    const back = await followProvider(changed.toString(), APP_URL);
    expectRefusal(await callback(f.t.app, back, cookie), 403, 'could not be verified', '無法驗證');
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a replayed callback, and a code replayed into a new sign-in', async () => {
    f.idp.signInNext(demoPerson);
    const first = await startSignIn(f.t.app, 'demo');
    const back = await followProvider(first.authUrl, APP_URL);
    sessionOf(await callback(f.t.app, back, first.cookie));
    const before = await sessionCount();
    expectRefusal(await callback(f.t.app, back, first.cookie), 400, 'already used', '已使用');

    // The same code with a fresh sign-in's state: the provider takes a code once (and PKCE differs).
    const second = await startSignIn(f.t.app, 'demo');
    const replay = new URL(back);
    replay.searchParams.set('state', second.cookie.split('=')[1] ?? '');
    expectRefusal(
      await callback(f.t.app, replay, second.cookie),
      403,
      'could not be verified',
      '無法驗證',
    );
    expect(await sessionCount()).toBe(before);
  });

  it('refuses an e-mail the provider now gives another person than the one who signed on', async () => {
    // demo-1 signed on as demo@wattboard.local above; someone else now has that address.
    f.idp.signInNext({ ...demoPerson, sub: 'someone-else' });
    const { authUrl, cookie } = await startSignIn(f.t.app, 'demo');
    const back = await followProvider(authUrl, APP_URL);
    const before = await sessionCount();
    const refused = await callback(f.t.app, back, cookie);
    expectRefusal(refused, 403, 'linked to another identity', '另一個身分');
    expect(await sessionCount()).toBe(before);
  });

  it('refuses a factory without single sign-on, and one that does not exist', async () => {
    await f.t.testDb.db.query(
      `INSERT INTO factories (slug, name, name_zh) VALUES ('plain', 'Plain', '普通廠')`,
    );
    for (const slug of ['plain', 'nowhere', '']) {
      const response = await f.t.app.inject({
        method: 'GET',
        url: `/v1/Sso/Start?factory=${slug}`,
      });
      expectRefusal(response, 404, 'This factory has no single sign-on', '此工廠未設定單一登入');
    }
  });

  it("refuses the provider's error answer (the person said no) with the page, not a 500", async () => {
    const { authUrl, cookie } = await startSignIn(f.t.app, 'demo');
    const state = new URL(authUrl).searchParams.get('state') ?? '';
    const denied = new URL(`${APP_URL}/v1/Sso/Callback`);
    denied.search = new URLSearchParams({
      error: 'access_denied',
      state,
      iss: f.idp.issuer,
    }).toString();
    expectRefusal(
      await callback(f.t.app, denied, cookie),
      403,
      'could not be verified',
      '無法驗證',
    );
  });

  it("keeps tenants apart: a factory's provider never signs someone into another factory", async () => {
    // Zeta creates people on first sign-in, yet the demo factory's user stays the demo factory's.
    f.idp.signInNext(demoPerson);
    const zeta = await startSignIn(f.t.app, 'zeta');
    const back = await followProvider(zeta.authUrl, APP_URL);
    const before = await sessionCount();
    expectRefusal(
      await callback(f.t.app, back, zeta.cookie),
      403,
      'belongs to another factory',
      '其他工廠',
    );

    // A code zeta's client was given, brought to a sign-in the demo factory started.
    f.idp.signInNext({ ...demoPerson, sub: 'z-1', email: 'zoe@zeta.example' });
    const zetaAgain = await startSignIn(f.t.app, 'zeta');
    const zetaCode = await followProvider(zetaAgain.authUrl, APP_URL);
    const demo = await startSignIn(f.t.app, 'demo');
    const crossed = new URL(zetaCode);
    crossed.searchParams.set('state', demo.cookie.split('=')[1] ?? '');
    expectRefusal(
      await callback(f.t.app, crossed, demo.cookie),
      403,
      'could not be verified',
      '無法驗證',
    );
    expect(await sessionCount()).toBe(before);
    const zoe = await f.t.testDb.db.query("SELECT id FROM users WHERE email = 'zoe@zeta.example'");
    expect(zoe).toEqual([]);
  });

  it('keeps a bounded number of started sign-ins per factory, dropping the oldest', async () => {
    const db = f.t.testDb.db;
    const [factory] = await db.query<{ id: number }>(
      "SELECT id FROM factories WHERE slug = 'demo'",
    );
    await db.query('DELETE FROM sso_sign_ins', []);
    const base = Date.now() + 60_000;
    for (let i = 0; i < 5; i++) {
      await insertPendingSignIn(
        db,
        String(i).repeat(64),
        { factoryId: factory!.id, codeVerifier: `v${i}`, nonce: `n${i}` },
        new Date(base + i * 1000),
        3,
      );
    }
    const kept = await db.query<{ code_verifier: string }>(
      'SELECT code_verifier FROM sso_sign_ins ORDER BY expires_at',
    );
    expect(kept.map((row) => row.code_verifier)).toEqual(['v2', 'v3', 'v4']);
  });
});
