import { describe, expect, it } from 'vitest';
import { readSignedClaims, signClaims } from '../../src/platform/http/signed-token.ts';
import { renderNoticePage } from '../../src/platform/http/notice-page.ts';

interface Claims {
  fileId: number;
  expiresAt: number;
}
const isClaims = (value: unknown): value is Claims =>
  typeof value === 'object' &&
  value !== null &&
  Number.isSafeInteger((value as Claims).fileId) &&
  Number.isFinite((value as Claims).expiresAt);

const SECRET = 'a-test-secret-of-enough-length';

describe('signed link tokens', () => {
  const token = signClaims(SECRET, { fileId: 7, expiresAt: 2_000 });

  it('reads its own claims back until the expiry, then as expired with the claims', () => {
    expect(readSignedClaims(SECRET, token, 1_999, isClaims)).toEqual({
      status: 'valid',
      claims: { fileId: 7, expiresAt: 2_000 },
    });
    expect(readSignedClaims(SECRET, token, 2_000, isClaims)).toMatchObject({ status: 'expired' });
  });

  it('makes the same token of the same claims', () => {
    expect(signClaims(SECRET, { fileId: 7, expiresAt: 2_000 })).toBe(token);
  });

  it('refuses another key, an altered payload, a cut or extended token and a wrong shape', () => {
    const [payload, signature] = token.split('.') as [string, string];
    const altered = Buffer.from(JSON.stringify({ fileId: 8, expiresAt: 2_000 })).toString(
      'base64url',
    );
    const wrongShape = signClaims(SECRET, { fileId: 'x', expiresAt: 2_000 } as never);
    for (const [secret, candidate] of [
      ['another-secret', token],
      [SECRET, `${altered}.${signature}`],
      [SECRET, payload],
      [SECRET, `${token}.more`],
      [SECRET, `${payload}.${signature.slice(1)}`],
      [SECRET, ''],
      [SECRET, wrongShape],
    ] as const) {
      expect(readSignedClaims(secret, candidate, 0, isClaims), candidate).toEqual({
        status: 'invalid',
      });
    }
  });
});

describe('notice pages', () => {
  it('shows both languages, escapes what it is given, and adds the caller’s markup as is', () => {
    const html = renderNoticePage({
      en: { heading: 'Gone <b>', body: 'A & B', detailHtml: '<p class="x">d</p>' },
      zh: { heading: '已過期', body: '請再試' },
      footerHtml: '<form></form>',
    });
    expect(html).toContain('<title>Wattboard · Gone &lt;b&gt; · 已過期</title>');
    expect(html).toContain(
      '<section lang="en"><h1>Gone &lt;b&gt;</h1><p class="x">d</p><p>A &amp; B</p></section>',
    );
    expect(html).toContain('<section lang="zh-TW"><h1>已過期</h1><p>請再試</p></section>');
    expect(html).toMatch(/<\/section><form><\/form><\/main>/);
    expect(html).not.toContain('<script');
  });
});
