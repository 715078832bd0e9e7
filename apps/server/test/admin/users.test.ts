import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  adminUserListResponse,
  adminUserWithPasswordResponse,
  userAccountResponse,
} from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { DEMO, postJson } from '../helpers/test-app.ts';
import { startAdminFixture, type AdminFixture } from './admin-fixture.ts';

const LIST = '/v1/Admin/User/List';
const ADD = '/v1/Admin/User/Add';
const STATUS = '/v1/Admin/User/Status';
const RESET = '/v1/Admin/User/ResetPassword';
const ACCOUNT = '/v1/User/Account';
const CHANGE = '/v1/User/ChangePassword';

describe.each(backends)('admin users on %s', (backend) => {
  let f: AdminFixture;
  const signIn = (email: string, password: string) =>
    postJson(f.t.app, '/User/SignIn', { email, password, action: '/User/SignIn', token: '' });
  const addUser = async (username: string, userEmail: string) => {
    const response = await f.call(ADD, f.adminToken, { username, userEmail });
    return adminUserWithPasswordResponse.parse(response.json());
  };
  const audit = (action: string) =>
    f.t.testDb.db.query<{ actor: string; target_id: string; detail: Record<string, unknown> }>(
      'SELECT actor, target_id, detail FROM audit_log WHERE action = $1 ORDER BY id',
      [action],
    );

  beforeAll(async () => {
    f = await startAdminFixture(backend);
  });
  afterAll(() => f.close());

  it('lists the factory users with status, admin flag and last sign-in', async () => {
    const body = adminUserListResponse.parse((await f.call(LIST, f.adminToken)).json());
    expect(body.users.map((u) => [u.username, u.status, u.isAdmin, u.role])).toEqual([
      ['Admin', 'active', true, 'manager'],
      ['demo', 'active', false, 'manager'],
      ['viewer', 'active', false, 'viewer'],
    ]);
    expect(body.users[0]!.lastSignInAt).not.toBeNull();
    const other = adminUserListResponse.parse((await f.call(LIST, f.otherAdminToken)).json());
    expect(other.users.map((u) => u.username)).toEqual(['Admin', 'berlin-ops']);
  });

  it('adds a user who signs in with the one-time password and must change it', async () => {
    const added = await addUser('Operator Lin', ' Lin@Example.com ');
    expect(added.user).toMatchObject({
      username: 'Operator Lin',
      email: 'lin@example.com',
      status: 'active',
      mustChangePassword: true,
      lastSignInAt: null,
    });
    expect(added.oneTimePassword).toMatch(/^[\w]{4}-[\w]{4}-[\w]{4}-[\w]{4}$/);

    const mail = await f.t.testDb.db.query<{ to_address: string; body_text: string }>(
      "SELECT to_address, body_text FROM mail_outbox WHERE to_address = 'lin@example.com'",
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.body_text).toContain('Operator Lin');
    expect(mail[0]!.body_text).not.toContain(added.oneTimePassword);
    expect(await audit('user.add')).toMatchObject([
      { actor: 'Admin', target_id: String(added.user.id) },
    ]);

    const first = await signIn('lin@example.com', added.oneTimePassword);
    expect(first.json().statusCode).toBe(200);
    const token = first.json().token as string;
    const bearer = { authorization: `Bearer ${token}` };
    const account = userAccountResponse.parse(
      (await postJson(f.t.app, ACCOUNT, { email: '', action: ACCOUNT }, bearer)).json(),
    );
    expect(account).toMatchObject({ isAdmin: false, mustChangePassword: true });

    const change = (oldPassword: string, newPassword: string) =>
      postJson(f.t.app, CHANGE, { email: '', action: CHANGE, oldPassword, newPassword }, bearer);
    const wrong = await change('not-it-at-all', 'my-own-password');
    expect(wrong.json()).toMatchObject({ statusCode: 1002, message: ADMIN_MESSAGES.wrongPassword });
    const same = await change(added.oneTimePassword, added.oneTimePassword);
    expect(same.json()).toMatchObject({ statusCode: 201, message: ADMIN_MESSAGES.samePassword });
    const short = await change(added.oneTimePassword, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toContain('newPassword');
    for (const [weak, message] of [
      ['12345678', ADMIN_MESSAGES.passwordTooCommon],
      ['Lin@Example.com', ADMIN_MESSAGES.passwordContainsEmail],
      ['Wattboard2026', ADMIN_MESSAGES.passwordContainsProductName],
    ] as const) {
      const refused = await change(added.oneTimePassword, weak);
      expect(refused.json(), weak).toMatchObject({ statusCode: 201, message });
    }
    const ok = await change(added.oneTimePassword, 'my-own-password');
    expect(ok.json()).toMatchObject({ statusCode: 200, revokedSessions: 0 });
    const after = (await postJson(f.t.app, ACCOUNT, { email: '', action: ACCOUNT }, bearer)).json();
    expect(after.mustChangePassword).toBe(false);
    expect((await signIn('lin@example.com', added.oneTimePassword)).json().statusCode).toBe(1002);
    expect((await signIn('lin@example.com', 'my-own-password')).json().statusCode).toBe(200);
    expect(await audit('password.change')).toHaveLength(1);
  });

  it('refuses a taken e-mail (1005) or name (1000), and bad fields with 400', async () => {
    const email = await f.call(ADD, f.adminToken, { username: 'X', userEmail: DEMO.email });
    expect(email.json()).toMatchObject({ statusCode: 1005, message: ADMIN_MESSAGES.emailTaken });
    const name = await f.call(ADD, f.adminToken, { username: 'ADMIN', userEmail: 'x@y.example' });
    expect(name.json()).toMatchObject({ statusCode: 1000, message: ADMIN_MESSAGES.usernameTaken });
    // The same name in another factory is fine.
    const elsewhere = await f.call(ADD, f.otherAdminToken, {
      username: 'demo',
      userEmail: 'demo@berlin.example',
    });
    expect(elsewhere.json().statusCode).toBe(200);
    for (const [body, field] of [
      [{ username: 'A', userEmail: 'not-an-address' }, 'userEmail'],
      [{ username: '  ', userEmail: 'a@b.example' }, 'username'],
      [{ username: 'A'.repeat(101), userEmail: 'a@b.example' }, 'username'],
      [{ username: 'Lin\r\nBcc: x@evil.example', userEmail: 'a@b.example' }, 'username'],
    ] as const) {
      const response = await f.call(ADD, f.adminToken, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(field);
    }
  });

  it('disables a user: its token stops working at once and it cannot sign in; enable undoes it', async () => {
    const added = await addUser('Temp', 'temp@example.com');
    const { token } = (await signIn('temp@example.com', added.oneTimePassword)).json();
    const bearer = { authorization: `Bearer ${token}` };
    const account = () => postJson(f.t.app, ACCOUNT, { email: '', action: ACCOUNT }, bearer);
    expect((await account()).statusCode).toBe(200);

    const disabled = await f.call(STATUS, f.adminToken, {
      userId: added.user.id,
      status: 'disabled',
    });
    expect(disabled.json().user).toMatchObject({ status: 'disabled' });
    expect((await account()).statusCode).toBe(401);
    expect((await signIn('temp@example.com', added.oneTimePassword)).json().statusCode).toBe(1002);
    const failed = await audit('sign-in.failed');
    expect(failed.at(-1)).toMatchObject({ actor: 'Temp', detail: { reason: 'disabled' } });
    expect((await audit('user.disable')).at(-1)).toMatchObject({ detail: { revokedSessions: 1 } });

    const enabled = await f.call(STATUS, f.adminToken, { userId: added.user.id, status: 'active' });
    expect(enabled.json().user).toMatchObject({ status: 'active' });
    expect((await signIn('temp@example.com', added.oneTimePassword)).json().statusCode).toBe(200);
  });

  it('a sign-in racing a disable either loses or has its session revoked: no live session after', async () => {
    const added = await addUser('Racer', 'racer@example.com');
    const db = f.t.testDb.db;
    // The disable holds the user row while the sign-in checks the password and starts its session.
    let signIn: Promise<{ json(): { statusCode: number } }> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('UPDATE users SET disabled_at = now() WHERE id = $1', [added.user.id]);
      signIn = postJson(f.t.app, '/User/SignIn', {
        email: 'racer@example.com',
        password: added.oneTimePassword,
        action: '/User/SignIn',
        token: '',
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect((await signIn!).json().statusCode).toBe(1002);
    const live = await db.query(
      'SELECT 1 FROM sessions WHERE user_id = $1 AND revoked_at IS NULL',
      [added.user.id],
    );
    expect(live).toEqual([]);
    if (backend === 'postgres') {
      // The password check saw the user enabled: the refusal came from the row lock, not the check.
      const failed = await db.query(
        "SELECT 1 FROM audit_log WHERE action = 'sign-in.failed' AND user_id = $1",
        [added.user.id],
      );
      expect(failed).toEqual([]);
    }
  });

  it('a sign-in with the old password racing a reset gets no session', async () => {
    const added = await addUser('Racer two', 'racer2@example.com');
    const db = f.t.testDb.db;
    let signIn: Promise<{ json(): { statusCode: number } }> | undefined;
    await db.transaction(async (tx) => {
      await tx.query("UPDATE users SET password_hash = 'scrypt$10$8$1$AAAA$AAAA' WHERE id = $1", [
        added.user.id,
      ]);
      signIn = postJson(f.t.app, '/User/SignIn', {
        email: 'racer2@example.com',
        password: added.oneTimePassword,
        action: '/User/SignIn',
        token: '',
      });
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect((await signIn!).json().statusCode).toBe(1002);
    const sessions = await db.query('SELECT 1 FROM sessions WHERE user_id = $1', [added.user.id]);
    expect(sessions).toEqual([]);
  });

  it('refuses to disable yourself, and users of another factory (1001)', async () => {
    const users = adminUserListResponse.parse((await f.call(LIST, f.adminToken)).json()).users;
    const me = users.find((u) => u.username === 'Admin')!;
    const self = await f.call(STATUS, f.adminToken, { userId: me.id, status: 'disabled' });
    expect(self.json()).toMatchObject({ statusCode: 201, message: ADMIN_MESSAGES.notYourself });
    const others = adminUserListResponse.parse((await f.call(LIST, f.otherAdminToken)).json());
    const foreign = others.users.find((u) => u.username === 'berlin-ops')!;
    for (const [path, body] of [
      [STATUS, { userId: foreign.id, status: 'disabled' }],
      [RESET, { userId: foreign.id }],
    ] as const) {
      const response = await f.call(path, f.adminToken, body);
      expect(response.json()).toMatchObject({
        statusCode: 1001,
        message: ADMIN_MESSAGES.userNotFound,
      });
    }
    // Nothing changed there.
    expect((await signIn('ops@berlin.example', 'berlin-password')).json().statusCode).toBe(200);
  });

  it('resets a password: the old one and the sessions end, the new one-time password works', async () => {
    const { token } = (await signIn(DEMO.email, DEMO.password)).json();
    const users = adminUserListResponse.parse((await f.call(LIST, f.adminToken)).json()).users;
    const demo = users.find((u) => u.username === 'demo')!;
    const reset = adminUserWithPasswordResponse.parse(
      (await f.call(RESET, f.adminToken, { userId: demo.id })).json(),
    );
    expect(reset.user.mustChangePassword).toBe(true);
    const stale = await postJson(
      f.t.app,
      ACCOUNT,
      { email: '', action: ACCOUNT },
      {
        authorization: `Bearer ${token}`,
      },
    );
    expect(stale.statusCode).toBe(401);
    expect((await signIn(DEMO.email, DEMO.password)).json().statusCode).toBe(1002);
    expect((await signIn(DEMO.email, reset.oneTimePassword)).json().statusCode).toBe(200);
  });

  it('refuses every user call to non-Admins (403) and another factory id (1008)', async () => {
    const { token } = (await signIn('ops@berlin.example', 'berlin-password')).json();
    const body = { username: 'Z', userEmail: 'z@z.example', userId: 1, status: 'active' };
    for (const path of [LIST, ADD, STATUS, RESET]) {
      const forbidden = await postJson(
        f.t.app,
        path,
        { email: '', action: path, ...body },
        { authorization: `Bearer ${token}` },
      );
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.json()).toMatchObject({
        statusCode: 201,
        message: ADMIN_MESSAGES.forbidden,
      });
      const foreign = await f.call(path, f.adminToken, { ...body, factoryId: f.otherFactory });
      expect(foreign.json().statusCode).toBe(1008);
    }
    const users = await f.t.testDb.db.query("SELECT 1 FROM users WHERE email = 'z@z.example'");
    expect(users).toHaveLength(0);
  });
});
