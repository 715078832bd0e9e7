import { describe, expect, it } from 'vitest';
import { factoryForEmail, parseSsoSettings } from '../../src/modules/sso/settings.ts';

const entry = {
  issuer: 'https://login.microsoftonline.com/tenant-id/v2.0',
  clientId: 'client',
  clientSecretEnv: 'ACME_SSO_SECRET',
};
const env = { ACME_SSO_SECRET: 's3cret', OTHER_SECRET: 'other' };
const parse = (factories: unknown) => parseSsoSettings(JSON.stringify({ factories }), env);

describe('single sign-on settings (OIDC_CONFIG_FILE)', () => {
  it('reads a factory with its defaults and its secret from the environment', () => {
    const acme = parse({ acme: entry }).get('acme');
    expect(acme).toEqual({
      slug: 'acme',
      issuer: entry.issuer,
      clientId: 'client',
      clientSecret: 's3cret',
      groupsClaim: 'groups',
      groupRoles: {},
      defaultRole: null,
      createUsers: false,
      emailDomains: [],
      scopes: [],
    });
  });

  it('names what is wrong', () => {
    expect(() => parseSsoSettings('{', env)).toThrow(/OIDC_CONFIG_FILE: not JSON/);
    expect(() => parse({ acme: { ...entry, clientSecretEnv: 'MISSING_SECRET' } })).toThrow(
      'factories.acme.clientSecretEnv: MISSING_SECRET is not set',
    );
    expect(() => parse({ acme: { ...entry, groupRoles: { g: 'admin' } } })).toThrow(
      /factories\.acme\.groupRoles\.g: expected viewer, operator or manager/,
    );
    expect(() => parse({ acme: { ...entry, clientSecret: 'inline' } })).toThrow(/clientSecret/);
    expect(() => parse({ Acme: entry })).toThrow(/factories\.Acme/);
  });

  it('allows plain http only for this machine', () => {
    expect(() => parse({ acme: { ...entry, issuer: 'http://idp.example/realms/x' } })).toThrow(
      /http:\/\/ only for localhost/,
    );
    expect(parse({ acme: { ...entry, issuer: 'http://localhost:8080/realms/x' } }).size).toBe(1);
  });

  it('sends each e-mail domain to one factory', () => {
    const settings = parse({
      acme: { ...entry, emailDomains: ['acme.example'] },
      zeta: { ...entry, clientSecretEnv: 'OTHER_SECRET', emailDomains: ['zeta.example'] },
    });
    expect(factoryForEmail(settings, 'Ana@ACME.example ')?.slug).toBe('acme');
    expect(factoryForEmail(settings, 'zoe@zeta.example')?.slug).toBe('zeta');
    expect(factoryForEmail(settings, 'x@elsewhere.example')).toBeUndefined();
    expect(factoryForEmail(settings, 'no-at-sign')).toBeUndefined();
    expect(() =>
      parse({
        acme: { ...entry, emailDomains: ['acme.example'] },
        zeta: { ...entry, emailDomains: ['acme.example'] },
      }),
    ).toThrow('e-mail domain acme.example is listed by both acme and zeta');
  });
});
