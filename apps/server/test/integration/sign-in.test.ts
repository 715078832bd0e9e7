import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StatusCode } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import {
  ADMIN,
  DEMO,
  postJson,
  signInAs,
  startTestApp,
  type TestApp,
} from '../helpers/test-app.ts';
import { hashToken } from '../../src/platform/http/token.ts';

const SIGN_IN = '/User/SignIn';
const CHANNEL_LIST = '/v1/Web/Factory/Channel/List';
let addressCounter = 0;
/** Each test signs in from its own address, so per-address limits do not leak between tests. */
const freshAddress = () =>
  `10.0.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

describe.each(backends)('sign-in and sign-out on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(backend);
  });
  afterAll(() => t.close());
  afterEach(() => {
    vi.useRealTimers();
  });

  const attempt = (email: string, password: string, remoteAddress = freshAddress()) =>
    t.app.inject({
      method: 'POST',
      url: SIGN_IN,
      remoteAddress,
      payload: { email, password, action: SIGN_IN, token: '' },
    });

  it('signs the demo user in with a 7-day token stored only as a hash', async () => {
    const before = Date.now();
    const response = await attempt(DEMO.email, DEMO.password);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      action: SIGN_IN,
      statusCode: StatusCode.OK,
      email: 'demo@wattboard.local',
      username: 'demo',
    });
    expect(body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(body.dtTokenExpire).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const lifetime = Date.parse(body.dtTokenExpire) - before;
    expect(lifetime).toBeGreaterThanOrEqual(7 * 86_400_000 - 1000);
    expect(lifetime).toBeLessThanOrEqual(7 * 86_400_000 + 5000);

    const stored = await t.testDb.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM sessions',
    );
    const hashes = stored.map((row) => row.token_hash);
    expect(hashes).toContain(hashToken(body.token));
    expect(hashes).not.toContain(body.token);
  });

  it('accepts the e-mail in any case and with surrounding spaces, and signs Admin in', async () => {
    const response = await attempt('  Demo@WattBoard.Local ', DEMO.password);
    expect(response.json()).toMatchObject({ statusCode: 200, email: 'demo@wattboard.local' });
    const admin = await attempt(ADMIN.email, ADMIN.password);
    expect(admin.json()).toMatchObject({ statusCode: 200, username: 'Admin' });
  });

  it('answers 1002 with the same message for an unknown e-mail and a wrong password', async () => {
    const unknown = await attempt('nobody@wattboard.local', 'whatever-password');
    const wrong = await attempt(DEMO.email, 'not-the-password');
    for (const response of [unknown, wrong]) {
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        action: SIGN_IN,
        statusCode: StatusCode.EMailOrPasswordError,
        message: 'Email or password is incorrect.',
        token: null,
        username: null,
        dtTokenExpire: null,
      });
    }
    expect(unknown.json().message).toBe(wrong.json().message);
  });

  it('rejects a malformed body with 400 and a message naming the field', async () => {
    const missing = await postJson(t.app, SIGN_IN, { email: DEMO.email, action: SIGN_IN });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ statusCode: StatusCode.Fail });
    expect(missing.json().message).toMatch(/^password: /);

    const wrongType = await postJson(t.app, SIGN_IN, { email: 42, password: 'x', action: SIGN_IN });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().message).toMatch(/^email: .*expected string/);
  });

  it('slows one address down after five failures with 429 and Retry-After, never the owner elsewhere', async () => {
    const email = ADMIN.email;
    const address = freshAddress();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    for (let i = 0; i < 5; i += 1) {
      expect((await attempt(email, `wrong-password-${i}`, address)).json().statusCode).toBe(1002);
    }
    const throttled = await attempt(email, ADMIN.password, address);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('2');
    expect(throttled.json()).toMatchObject({
      action: SIGN_IN,
      statusCode: StatusCode.Fail,
      message: 'Too many failed sign-in attempts. Try again in 2 seconds.',
      retryAfterSeconds: 2,
    });
    // The owner, from an address that has not failed, is not held up.
    expect((await attempt(email, ADMIN.password)).json().statusCode).toBe(200);

    // Once the wait has passed, the right password works from that address too.
    vi.setSystemTime(Date.now() + 2000);
    const later = await attempt(email, ADMIN.password, address);
    expect(later.statusCode).toBe(200);
    expect(later.json().statusCode).toBe(200);
  });

  it('throttles an address after twenty failures across accounts, not other addresses', async () => {
    const address = freshAddress();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    for (let i = 0; i < 20; i += 1) {
      await attempt(`stranger${i}@example.com`, 'wrong-password', address);
    }
    const throttled = await attempt(DEMO.email, DEMO.password, address);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.headers['retry-after']).toBe('2');
    expect((await attempt(DEMO.email, DEMO.password)).statusCode).toBe(200);
  });

  it('signs out: the token is revoked and then answers 401 + 1007', async () => {
    const session = await signInAs(t.app);
    const envelope = { email: session.email, action: '/User/SignOut', token: session.token };
    const signOut = await postJson(t.app, '/User/SignOut', envelope);
    expect(signOut.statusCode).toBe(200);
    expect(signOut.json()).toMatchObject({
      action: '/User/SignOut',
      statusCode: 200,
      email: DEMO.email,
      token: null,
    });

    const after = await postJson(t.app, CHANNEL_LIST, {
      ...envelope,
      action: CHANNEL_LIST,
      factoryId: 0,
    });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ statusCode: StatusCode.TokenExpired });
    expect((await postJson(t.app, '/User/SignOut', envelope)).statusCode).toBe(401);
  });

  it('signs out with only a bearer token, leaving other sessions alone', async () => {
    const first = await signInAs(t.app);
    const second = await signInAs(t.app);
    const response = await postJson(
      t.app,
      '/User/SignOut',
      { email: DEMO.email, action: '/User/SignOut' },
      { authorization: `Bearer ${first.token}` },
    );
    expect(response.json()).toMatchObject({ statusCode: 200, token: null });
    const stillValid = await postJson(t.app, CHANNEL_LIST, {
      email: DEMO.email,
      action: CHANNEL_LIST,
      token: second.token,
      factoryId: 0,
    });
    expect(stillValid.statusCode).toBe(200);
  });
});
