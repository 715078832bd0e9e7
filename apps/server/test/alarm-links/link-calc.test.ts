import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CLEAR_LINK_LIFETIME_MS,
  mintClearLinkToken,
  readClearLinkToken,
} from '../../src/modules/alarm-links/calc/link-token.ts';
import { renderLinkPage, LINK_PAGE_STATUS } from '../../src/modules/alarm-links/calc/link-page.ts';
import { CLEAR_LINK_MARK, fillClearLink } from '../../src/modules/mail/clear-link.ts';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const NOW = Date.parse('2026-11-28T08:00:00Z');
const CLAIMS = { factoryId: 3, eventId: 41, receiver: 'mei@example.com' };

describe('clear link tokens', () => {
  it('reads back what was minted, valid until its lifetime ends', () => {
    const token = mintClearLinkToken(SECRET, CLAIMS, NOW, 'nonce-of-sixteen-chars');
    expect(readClearLinkToken(SECRET, token, NOW + CLEAR_LINK_LIFETIME_MS - 1)).toEqual({
      status: 'valid',
      claims: {
        ...CLAIMS,
        expiresAt: NOW + CLEAR_LINK_LIFETIME_MS,
        nonce: 'nonce-of-sixteen-chars',
      },
    });
    expect(readClearLinkToken(SECRET, token, NOW + CLEAR_LINK_LIFETIME_MS).status).toBe('expired');
  });

  it('gives each link its own nonce', () => {
    const a = mintClearLinkToken(SECRET, CLAIMS, NOW);
    const b = mintClearLinkToken(SECRET, CLAIMS, NOW);
    expect(a).not.toBe(b);
  });

  it('refuses another key, an altered payload or signature, and anything not a token', () => {
    const token = mintClearLinkToken(SECRET, CLAIMS, NOW);
    const [payload, signature] = token.split('.') as [string, string];
    const altered = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), eventId: 42 }),
    ).toString('base64url');
    for (const bad of [
      `${altered}.${signature}`,
      `${payload}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'E' : 'A'}`,
      `${payload}.`,
      `.${signature}`,
      `${token}.more`,
      '',
      'not a token',
    ]) {
      expect(readClearLinkToken(SECRET, bad, NOW)).toEqual({ status: 'invalid' });
    }
    expect(readClearLinkToken('another-secret-of-32-characters-long', token, NOW).status).toBe(
      'invalid',
    );
  });

  it('refuses a signed payload that is not a link (wrong shape)', () => {
    const payload = Buffer.from(JSON.stringify({ factoryId: '3' })).toString('base64url');
    const signature = createHmac('sha256', SECRET).update(payload).digest('base64url');
    expect(readClearLinkToken(SECRET, `${payload}.${signature}`, NOW)).toEqual({
      status: 'invalid',
    });
  });
});

const ALARM = {
  eventId: 41,
  titleEn: 'Voltage <high>',
  titleZh: '電壓過高',
  nodeEn: 'Air Compressor 1',
  nodeZh: '空壓機 1',
  openedAt: '2026-11-28 16:00:00',
};

describe('clear link pages', () => {
  it('asks before clearing, in both languages, with the token in a form and names escaped', () => {
    const html = renderLinkPage({ kind: 'confirm', token: 'abc.def', alarm: ALARM });
    expect(html).toContain('Clear this alarm?');
    expect(html).toContain('清除此警報？');
    expect(html).toContain('<input type="hidden" name="t" value="abc.def">');
    expect(html).toContain('Voltage &lt;high&gt; – Air Compressor 1');
    expect(html).toContain('電壓過高 – 空壓機 1');
    expect(html).not.toMatch(/<script/i);
  });

  it('says why a link no longer works, with no form and no alarm', () => {
    for (const kind of ['used', 'expired', 'invalid'] as const) {
      const html = renderLinkPage({ kind });
      expect(html).not.toContain('<form');
      expect(html).not.toContain('Alarm #');
      expect(LINK_PAGE_STATUS[kind]).toBeGreaterThanOrEqual(400);
    }
    expect(renderLinkPage({ kind: 'expired' })).toContain('此連結已過期');
  });
});

describe('the clear link in an alarm mail', () => {
  const mail = {
    text: `Title\n\nClear it: ${CLEAR_LINK_MARK}\n\nFooter\n免登入清除：${CLEAR_LINK_MARK}\n`,
    html: `<p>Title</p><p style="x">Clear it: ${CLEAR_LINK_MARK}</p><p>Footer</p>`,
  };

  it("puts the receiver's link in the text and as an escaped anchor in the HTML", () => {
    const filled = fillClearLink(mail, 'https://w.example/v1/Event/ClearLink?t=a.b&x="1"');
    expect(filled.text).toContain('Clear it: https://w.example/v1/Event/ClearLink?t=a.b&x="1"');
    expect(filled.text).not.toContain(CLEAR_LINK_MARK);
    expect(filled.html).toContain(
      '<a href="https://w.example/v1/Event/ClearLink?t=a.b&amp;x=&quot;1&quot;">',
    );
  });

  it('drops the lines when there is no link, and leaves other mail alone', () => {
    const filled = fillClearLink(mail, null);
    expect(filled.text).toBe('Title\n\nFooter\n');
    expect(filled.html).toBe('<p>Title</p><p>Footer</p>');
    const plain = { text: 'hello', html: '<p>hello</p>' };
    expect(fillClearLink(plain, 'https://x')).toBe(plain);
  });
});
