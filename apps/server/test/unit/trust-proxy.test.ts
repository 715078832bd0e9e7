import { describe, expect, it } from 'vitest';
import { parseTrustProxy } from '../../src/platform/http/trust-proxy.ts';
import { cspForProtocol } from '../../src/platform/http/security.ts';

describe('parseTrustProxy', () => {
  it('reads true and false in any case', () => {
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy(' False ')).toBe(false);
  });

  it('reads a list of IPv4/IPv6 addresses, CIDRs and proxy-addr range names', () => {
    expect(parseTrustProxy('127.0.0.1,10.0.0.0/8, fd00::/8 ,::1,loopback,uniquelocal')).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
      '::1',
      'loopback',
      'uniquelocal',
    ]);
    expect(parseTrustProxy('0.0.0.0/0')).toEqual(['0.0.0.0/0']);
    expect(parseTrustProxy('::/128')).toEqual(['::/128']);
  });

  it('refuses a hop count by name: Fastify 5 would trust no proxy with it', () => {
    expect(parseTrustProxy('1')).toEqual({ error: expect.stringMatching(/hop count/) });
    expect(parseTrustProxy('0')).toEqual({ error: expect.stringMatching(/hop count/) });
  });

  it.each([
    'yes',
    'proxy.example',
    '10.0.0.0/33',
    '::1/129',
    '10.0.0.1/8/8',
    '10.0.0.1/x',
    '256.0.0.1',
    ',',
    '',
  ])('refuses %j, naming what is wrong', (text) => {
    const parsed = parseTrustProxy(text);
    expect(parsed).toEqual({ error: expect.stringMatching(/^expected true, false, or/) });
  });

  it('names the entries that are not addresses', () => {
    expect(parseTrustProxy('127.0.0.1,proxy.example')).toEqual({
      error: expect.stringContaining('not an address: proxy.example'),
    });
  });
});

describe('cspForProtocol', () => {
  const base = "default-src 'self';script-src 'self'";

  it('asks the browser to upgrade only when the request came over TLS', () => {
    expect(cspForProtocol(base, 'https')).toBe(`${base};upgrade-insecure-requests`);
    expect(cspForProtocol(base, 'http')).toBe(base);
  });

  it('removes an upgrade directive a plain-http request would otherwise get', () => {
    expect(cspForProtocol(`${base};upgrade-insecure-requests`, 'http')).toBe(base);
    expect(cspForProtocol(`upgrade-insecure-requests; ${base}`, 'https')).toBe(
      `${base};upgrade-insecure-requests`,
    );
  });
});
