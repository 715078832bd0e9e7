import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusCode } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { followProvider } from './browser.ts';
import {
  account,
  APP_URL,
  callback,
  sessionOf,
  startSignIn,
  startSsoFixture,
  type SsoFixture,
} from './sso-app.ts';

const operator = {
  sub: 'op-1',
  email: 'Olivia@Wattboard.local',
  name: 'Olivia',
  groups: ['shift-operators', 'canteen'],
};

describe.each(backends)('single sign-on on %s', (backend) => {
  let f: SsoFixture;
  beforeAll(async () => {
    f = await startSsoFixture(backend);
  });
  afterAll(() => f.close());

  const audit = (action: string) =>
    f.t.testDb.db.query<{ detail: Record<string, unknown> }>(
      'SELECT detail FROM audit_log WHERE action = $1 ORDER BY id',
      [action],
    );

  it('signs a person in with code and PKCE: the session works on a signed-in call', async () => {
    const { authUrl, cookie } = await startSignIn(f.t.app, 'demo');
    const auth = new URL(authUrl);
    expect(auth.origin).toBe(f.idp.issuer);
    expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
    expect(auth.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(auth.searchParams.get('nonce')).toBeTruthy();
    expect(auth.searchParams.get('state')).toBe(cookie.split('=')[1]);

    // The demo user exists with a password; the provider's groups make them an operator.
    f.idp.signInNext({
      sub: 'demo-1',
      email: 'demo@wattboard.local',
      name: 'D',
      groups: ['shift-operators'],
    });
    const session = sessionOf(
      await callback(f.t.app, await followProvider(authUrl, APP_URL), cookie),
    );
    expect(session.email).toBe('demo@wattboard.local');
    expect(session.username).toBe('demo');
    expect(Date.parse(session.dtTokenExpire ?? '')).toBeGreaterThan(Date.now());

    const answer = (
      await account(f.t.app, { email: 'demo@wattboard.local', token: session.token ?? '' })
    ).json();
    expect(answer.statusCode).toBe(StatusCode.OK);
    expect(answer.role).toBe('operator');
    const changes = await audit('user.role');
    expect(changes.at(-1)?.detail).toMatchObject({
      username: 'demo',
      from: 'manager',
      to: 'operator',
    });
  });

  it('writes the mapped role on every sign-in, audited only when it changes', async () => {
    const before = (await audit('user.role')).length;
    for (const groups of [['energy-managers', 'shift-operators'], ['energy-managers']]) {
      f.idp.signInNext({ sub: 'demo-1', email: 'demo@wattboard.local', name: 'D', groups });
      const { authUrl, cookie } = await startSignIn(f.t.app, 'demo');
      const session = sessionOf(
        await callback(f.t.app, await followProvider(authUrl, APP_URL), cookie),
      );
      const answer = (
        await account(f.t.app, { email: session.email ?? '', token: session.token ?? '' })
      ).json();
      expect(answer.role).toBe('manager');
    }
    const changes = await audit('user.role');
    expect(changes).toHaveLength(before + 1);
    expect(changes.at(-1)?.detail).toMatchObject({ from: 'operator', to: 'manager', by: 'sso' });
  });

  it('refuses a stranger where the factory does not create people, and someone in no mapped group', async () => {
    f.idp.signInNext(operator);
    let started = await startSignIn(f.t.app, 'demo');
    let refused = await callback(
      f.t.app,
      await followProvider(started.authUrl, APP_URL),
      started.cookie,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('no account in this factory');
    expect(refused.body).toContain('您在此工廠沒有帳號');

    f.idp.signInNext({
      sub: 'viewer-1',
      email: 'viewer@wattboard.local',
      name: 'V',
      groups: ['canteen'],
    });
    started = await startSignIn(f.t.app, 'demo');
    refused = await callback(
      f.t.app,
      await followProvider(started.authUrl, APP_URL),
      started.cookie,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('None of your groups gives a role');
  });

  it('creates a person on first sign-in where the factory says so, with its default role', async () => {
    f.idp.signInNext({ ...operator, name: 'Admin', groups: [] });
    const { authUrl, cookie } = await startSignIn(f.t.app, 'zeta');
    const session = sessionOf(
      await callback(f.t.app, await followProvider(authUrl, APP_URL), cookie),
    );
    // Lower-cased, and a provider calling someone "Admin" never makes them the Admin user.
    expect(session.email).toBe('olivia@wattboard.local');
    expect(session.username).toBe('olivia@wattboard.local');
    const answer = (
      await account(f.t.app, { email: session.email ?? '', token: session.token ?? '' })
    ).json();
    expect(answer.role).toBe('viewer');
    const rows = await f.t.testDb.db.query<{ factory_id: number }>(
      "SELECT factory_id FROM users WHERE email = 'olivia@wattboard.local'",
    );
    expect(rows).toEqual([{ factory_id: f.zetaFactory }]);
  });

  it('keeps a role the Admin set where no group is mapped and a default exists', async () => {
    await f.t.testDb.db.query(
      `UPDATE factory_memberships SET role = 'operator'
        WHERE user_id = (SELECT id FROM users WHERE email = 'olivia@wattboard.local')`,
    );
    f.idp.signInNext({ ...operator, groups: ['canteen'] });
    const { authUrl, cookie } = await startSignIn(f.t.app, 'zeta');
    const back = await followProvider(authUrl, APP_URL);
    const session = sessionOf(await callback(f.t.app, back, cookie));
    const answer = (
      await account(f.t.app, { email: session.email ?? '', token: session.token ?? '' })
    ).json();
    expect(answer.role).toBe('operator');
  });

  it('finds a person by their provider identity after their e-mail changed there', async () => {
    f.idp.signInNext({
      sub: 'demo-1',
      email: 'd.new@wattboard.local',
      name: 'D',
      groups: ['energy-managers'],
    });
    const { authUrl, cookie } = await startSignIn(f.t.app, 'demo');
    const back = await followProvider(authUrl, APP_URL);
    expect(sessionOf(await callback(f.t.app, back, cookie)).email).toBe('demo@wattboard.local');
  });

  it('never signs the Admin user in through the provider', async () => {
    f.idp.signInNext({
      sub: 'adm',
      email: 'admin@wattboard.local',
      name: 'Admin',
      groups: ['energy-managers'],
    });
    const { authUrl, cookie } = await startSignIn(f.t.app, 'demo');
    const refused = await callback(f.t.app, await followProvider(authUrl, APP_URL), cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('The Admin account signs in with its password only.');
  });
});
