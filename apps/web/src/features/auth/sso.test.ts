import { describe, expect, it } from 'vitest';
import { SSO_PATHS } from '@wattboard/contract';
import { emailToLookUp, sessionFromFragment, SSO_LOOKUP_PATH } from './sso';

describe('single sign-on on the login page', () => {
  it('asks the server at the contract’s lookup path', () => {
    expect(SSO_LOOKUP_PATH).toBe(SSO_PATHS.lookup);
  });

  it('reads the session the callback put in the fragment', () => {
    const hash =
      '#email=ana%40plant.example&username=Ana+Lin&token=abc&dtTokenExpire=2026-12-06T00%3A00%3A00.000Z';
    expect(sessionFromFragment(hash)).toEqual({
      email: 'ana@plant.example',
      username: 'Ana Lin',
      token: 'abc',
      dtTokenExpire: '2026-12-06T00:00:00.000Z',
    });
  });

  it('finds no session in a fragment missing a part', () => {
    expect(sessionFromFragment('')).toBeNull();
    expect(sessionFromFragment('#email=a%40b.example&token=abc')).toBeNull();
    expect(sessionFromFragment('#section-2')).toBeNull();
  });

  it('asks only about an address with a domain', () => {
    expect(emailToLookUp(' ana@plant.example ')).toBe('ana@plant.example');
    expect(emailToLookUp('ana@plant')).toBeNull();
    expect(emailToLookUp('ana@')).toBeNull();
    expect(emailToLookUp('plant.example')).toBeNull();
  });
});
