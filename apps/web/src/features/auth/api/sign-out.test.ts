// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '@/lib/page-navigation';
import { readSession, writeSession } from '@/lib/session';
import { envelope, jsonResponse, stubNetwork } from '@/testing/network';
import { SSO_MARK } from '../sso';
import { signOutEverywhere } from './sign-out';

const EMAIL = 'ana@plant.example';
const END = 'https://idp.example/logout?id_token_hint=h&post_logout_redirect_uri=x';

describe('signing out a single sign-on session', () => {
  beforeEach(() => {
    writeSession({
      email: EMAIL,
      username: 'Ana',
      token: 't',
      dtTokenExpire: '2099-01-01T00:00:00Z',
    });
    localStorage.setItem(SSO_MARK, '1');
  });

  it('ends it here, then sends the browser to the provider to end it there', async () => {
    const { requests } = stubNetwork((path) =>
      jsonResponse({
        ...envelope(EMAIL, path),
        token: null,
        dtTokenExpire: null,
        redirectUrl: END,
      }),
    );
    const replace = vi.spyOn(pageNavigation, 'replace').mockImplementation(() => {});
    await signOutEverywhere();
    expect(requests.map((r) => r.path)).toEqual(['/v1/Sso/SignOut']);
    expect(replace).toHaveBeenCalledWith(END);
    expect(readSession()).toBeNull();
    expect(localStorage.getItem(SSO_MARK)).toBeNull();
  });

  it('falls back to the plain sign-out where the server has single sign-on off', async () => {
    const { requests } = stubNetwork((path) =>
      path === '/User/SignOut'
        ? jsonResponse({ ...envelope(EMAIL, path), token: null, dtTokenExpire: null })
        : jsonResponse({ message: 'Route not found' }, 404),
    );
    const replace = vi.spyOn(pageNavigation, 'replace').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    await signOutEverywhere();
    expect(requests.map((r) => r.path)).toEqual(['/v1/Sso/SignOut', '/User/SignOut']);
    expect(replace).toHaveBeenCalledWith('/dashboard/login');
    expect(readSession()).toBeNull();
  });
});
