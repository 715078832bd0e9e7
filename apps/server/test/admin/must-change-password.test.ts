import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  adminUserWithPasswordResponse,
  HUB_PATH,
  StatusCode,
  userAccountResponse,
} from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { listen } from '../hub/hub-kit.ts';
import { postJson } from '../helpers/test-app.ts';
import { startAdminFixture, type AdminFixture } from './admin-fixture.ts';

const ACCOUNT = '/v1/User/Account';
const CHANGE = '/v1/User/ChangePassword';
const CHANNELS = '/v1/Web/Factory/Channel/List';
/** The HTTP status of a WebSocket upgrade that skips negotiate (101 when it opens). */
function upgradeStatus(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
    socket.on('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      response.resume();
      socket.terminate();
    });
    socket.on('error', (err) => {
      if (!socket.readyState) reject(err);
    });
  });
}

const REFUSED = {
  statusCode: StatusCode.PasswordChangeRequired,
  message: ADMIN_MESSAGES.passwordChangeRequired,
};

/**
 * A one-time password opens only the account, change-my-password and sign-out
 * calls; every other data call, an export, a (Admin) call and the hub are
 * refused with 403 + PasswordChangeRequired until the password is changed.
 */
describe.each(backends)('the server enforces "must change password" on %s', (backend) => {
  let f: AdminFixture;
  let oneTimePassword: string;
  let baseUrl: string;
  const EMAIL = 'otp@example.com';

  const signIn = async (password: string) => {
    const response = await postJson(f.t.app, '/User/SignIn', {
      email: EMAIL,
      password,
      action: '/User/SignIn',
      token: '',
    });
    expect(response.json().statusCode, response.body).toBe(200);
    return response.json().token as string;
  };
  const post = (token: string, path: string, body: Record<string, unknown> = {}) =>
    postJson(
      f.t.app,
      path,
      { email: EMAIL, action: path, token: '', ...body },
      { authorization: `Bearer ${token}` },
    );
  const negotiate = (token: string) =>
    f.t.app.inject({
      method: 'POST',
      url: `${HUB_PATH}/negotiate?negotiateVersion=1`,
      headers: { authorization: `Bearer ${token}` },
    });
  const resolve = (token: string) =>
    f.t.app.inject({
      method: 'PUT',
      url: '/v1/Event/987654321/resolve',
      headers: { authorization: `Bearer ${token}` },
    });

  beforeAll(async () => {
    f = await startAdminFixture(backend);
    baseUrl = await listen(f.t.app);
    const added = await f.call('/v1/Admin/User/Add', f.adminToken, {
      username: 'Night shift',
      userEmail: EMAIL,
      // Clears alarms below: an operator's call.
      role: 'operator',
    });
    oneTimePassword = adminUserWithPasswordResponse.parse(added.json()).oneTimePassword;
  });
  afterAll(() => f?.close());

  it('refuses data calls, exports and the hub, with a clear status and message', async () => {
    const token = await signIn(oneTimePassword);
    for (const [path, body] of [
      [CHANNELS, { factoryId: 0 }],
      ['/v1/Web/Overview', { factoryId: 0 }],
      ['/v1/Admin/User/List', {}],
      ['/v1/Setting/GetEmailReceivers', {}],
      ['/v1/Admin/Audit/Export', {}],
    ] as const) {
      const response = await post(token, path, body);
      expect(response.statusCode, path).toBe(403);
      expect(response.json(), path).toMatchObject({ ...REFUSED, action: path });
    }
    const cleared = await resolve(token);
    expect(cleared.statusCode).toBe(403);
    expect(cleared.json()).toMatchObject(REFUSED);
    const hub = await negotiate(token);
    expect(hub.statusCode).toBe(403);
    expect(hub.json()).toMatchObject(REFUSED);
    expect(hub.json()).not.toHaveProperty('connectionToken');
    // Skipping negotiate does not open a socket either.
    const ws = `${baseUrl.replace('http', 'ws')}${HUB_PATH}?access_token=${token}`;
    expect(await upgradeStatus(ws)).toBe(403);
  });

  it('a bad token is still a 401 first, and a malformed body still a 400', async () => {
    const response = await post('not-a-token', CHANNELS, { factoryId: 0 });
    expect(response.statusCode).toBe(401);
    const token = await signIn(oneTimePassword);
    expect((await post(token, CHANNELS, { factoryId: 'x' })).statusCode).toBe(400);
  });

  it('answers the account call and signs out', async () => {
    const token = await signIn(oneTimePassword);
    const account = userAccountResponse.parse((await post(token, ACCOUNT)).json());
    expect(account.mustChangePassword).toBe(true);
    const out = await post(token, '/User/SignOut');
    expect(out.json().statusCode).toBe(200);
    expect((await post(token, ACCOUNT)).statusCode).toBe(401);
  });

  it('after the change every call and the hub answer for the same session', async () => {
    const token = await signIn(oneTimePassword);
    const changed = await post(token, CHANGE, {
      oldPassword: oneTimePassword,
      newPassword: 'a-password-of-my-own',
    });
    expect(changed.json().statusCode).toBe(200);
    const channels = await post(token, CHANNELS, { factoryId: 0 });
    expect(channels.statusCode).toBe(200);
    expect(channels.json().statusCode).toBe(200);
    expect((await resolve(token)).json().statusCode).toBe(StatusCode.DataNotFound);
    const hub = await negotiate(token);
    expect(hub.statusCode).toBe(200);
    expect(hub.json()).toHaveProperty('connectionToken');
    const ws = `${baseUrl.replace('http', 'ws')}${HUB_PATH}?access_token=${token}`;
    expect(await upgradeStatus(ws)).toBe(101);
  });

  it('users without a one-time password are not affected', async () => {
    const response = await f.call(CHANNELS, f.demoToken, { factoryId: 0 });
    expect(response.json().statusCode).toBe(200);
  });
});
