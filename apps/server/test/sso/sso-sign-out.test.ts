import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusCode } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { postJson } from '../helpers/test-app.ts';
import { followProvider } from './browser.ts';
import {
  account,
  APP_URL,
  callback,
  LOGIN,
  sessionOf,
  startSignIn,
  startSsoFixture,
  type SsoFixture,
} from './sso-app.ts';

describe.each(backends)('single sign-on: signing out and the login page on %s', (backend) => {
  let f: SsoFixture;
  beforeAll(async () => {
    f = await startSsoFixture(backend);
  });
  afterAll(() => f.close());

  it('signs out at both ends: the session ends here and the provider gets id_token_hint', async () => {
    f.idp.signInNext({
      sub: 'demo-1',
      email: 'demo@wattboard.local',
      name: 'D',
      groups: ['energy-managers'],
    });
    const { authUrl, cookie } = await startSignIn(f.t.app, 'demo');
    const session = sessionOf(
      await callback(f.t.app, await followProvider(authUrl, APP_URL), cookie),
    );
    const token = session.token ?? '';
    const out = await postJson(
      f.t.app,
      '/v1/Sso/SignOut',
      { email: session.email, action: '/v1/Sso/SignOut', token: '' },
      { authorization: `Bearer ${token}` },
    );
    const body = out.json();
    expect(body.statusCode).toBe(StatusCode.OK);
    const end = new URL(body.redirectUrl);
    expect(`${end.origin}${end.pathname}`).toBe(`${f.idp.issuer}/session/end`);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(LOGIN);
    expect(end.searchParams.get('id_token_hint')?.split('.')).toHaveLength(3);
    expect((await account(f.t.app, { email: session.email ?? '', token })).statusCode).toBe(401);
    // The provider accepts the hint and the address: it asks to confirm, not to report an error.
    const atProvider = await fetch(end, { redirect: 'manual' });
    expect(atProvider.status).toBe(200);
    expect(await atProvider.text()).toContain('logout');
  });

  it('a password session signs out here only (no provider to tell)', async () => {
    const session = (
      await postJson(f.t.app, '/User/SignIn', {
        email: 'viewer@wattboard.local',
        password: 'wattboard-viewer',
        action: '/User/SignIn',
      })
    ).json();
    const out = await postJson(
      f.t.app,
      '/v1/Sso/SignOut',
      { email: session.email, action: '/v1/Sso/SignOut', token: '' },
      { authorization: `Bearer ${session.token}` },
    );
    expect(out.json()).toMatchObject({ statusCode: StatusCode.OK, redirectUrl: null });
  });

  it('tells the login page which factory an e-mail domain signs on at', async () => {
    const lookup = (email: string) =>
      f.t.app.inject({ method: 'GET', url: `/v1/Sso/Lookup?email=${encodeURIComponent(email)}` });
    expect((await lookup('someone@WattBoard.local')).json()).toEqual({
      startUrl: '/v1/Sso/Start?factory=demo',
    });
    expect((await lookup('someone@example.com')).json()).toEqual({ startUrl: null });
  });
});
