import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  mintReportLinkToken,
  readReportLinkToken,
  REPORT_LINK_LIFETIME_MS,
} from '../../src/modules/scheduled-reports/report-link-token.ts';
import {
  REPORT_LINK_STATUS,
  renderReportLinkPage,
} from '../../src/modules/scheduled-reports/report-link-page.ts';
import {
  REPORT_LINK_LABEL,
  reportTitle,
  reportWebhookBody,
  type WebhookReport,
} from '../../src/modules/webhooks/calc/report-message.ts';
import { LINE_TEXT_MAX } from '../../src/modules/webhooks/calc/line.ts';
import { releaseAt } from '../../src/modules/webhooks/calc/quiet-hours.ts';

const SECRET = 'report-link-test-secret';
const NOW = Date.UTC(2026, 10, 23, 0, 0); // Monday 08:00 in Taipei
const CLAIMS = {
  factoryId: 7,
  fileId: 42,
  kind: 'weekly',
  from: '2026-11-16',
  to: '2026-11-22',
} as const;

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('report link tokens (decision 0083)', () => {
  it('reads back what it signed, valid until exactly 7 days later', () => {
    const { token, expiresAt } = mintReportLinkToken(SECRET, CLAIMS, NOW);
    expect(expiresAt).toBe(NOW + REPORT_LINK_LIFETIME_MS);
    expect(REPORT_LINK_LIFETIME_MS).toBe(7 * 24 * 3600_000);
    expect(readReportLinkToken(SECRET, token, NOW)).toEqual({
      status: 'valid',
      claims: { ...CLAIMS, expiresAt },
    });
    expect(readReportLinkToken(SECRET, token, expiresAt - 1).status).toBe('valid');
    expect(readReportLinkToken(SECRET, token, expiresAt).status).toBe('expired');
    // The same claims at the same time make the same token (nothing random in it).
    expect(mintReportLinkToken(SECRET, CLAIMS, NOW).token).toBe(token);
  });

  it('refuses a token signed with another key, altered, cut, extended or made up', () => {
    const { token } = mintReportLinkToken(SECRET, CLAIMS, NOW);
    const [payload, signature] = token.split('.') as [string, string];
    expect(readReportLinkToken('another-key', token, NOW).status).toBe('invalid');
    // Another factory's file under the old signature: the claims changed, the signature does not fit.
    const forged = b64({ ...CLAIMS, factoryId: 8, expiresAt: NOW + 1000 });
    expect(readReportLinkToken(SECRET, `${forged}.${signature}`, NOW).status).toBe('invalid');
    const flipped = signature.slice(0, -1) + (signature.endsWith('A') ? 'B' : 'A');
    expect(readReportLinkToken(SECRET, `${payload}.${flipped}`, NOW).status).toBe('invalid');
    for (const bad of ['', '.', payload, `${payload}.`, `.${signature}`, `${token}.x`, 'a.b.c'])
      expect(readReportLinkToken(SECRET, bad, NOW).status).toBe('invalid');
  });

  it('refuses well-signed claims of the wrong shape (never trusts a field it did not write)', () => {
    // Signed with the right key, as a leaked key or a future format could make them.
    const signed = (payload: string) =>
      `${payload}.${createHmac('sha256', SECRET).update(payload).digest('base64url')}`;
    const expiresAt = NOW + 1000;
    const shapes = [
      { ...CLAIMS, expiresAt, kind: 'daily' },
      { ...CLAIMS, expiresAt, fileId: '42' },
      { ...CLAIMS, expiresAt, factoryId: 1.5 },
      { ...CLAIMS, expiresAt, from: '16/11/2026' },
      { ...CLAIMS, expiresAt: 'tomorrow' },
      { factoryId: 7, fileId: 42 },
      null,
      [],
    ];
    for (const claims of shapes)
      expect(readReportLinkToken(SECRET, signed(b64(claims)), NOW).status).toBe('invalid');
    const notJson = Buffer.from('{not json').toString('base64url');
    expect(readReportLinkToken(SECRET, signed(notJson), NOW).status).toBe('invalid');
    // The control: the same helper on good claims is read as valid.
    expect(readReportLinkToken(SECRET, signed(b64({ ...CLAIMS, expiresAt })), NOW).status).toBe(
      'valid',
    );
  });

  it('refusal pages: expired is Gone, anything else Not Found, both languages, no script', () => {
    expect(REPORT_LINK_STATUS).toEqual({ expired: 410, invalid: 404 });
    const expired = renderReportLinkPage('expired');
    expect(expired).toContain('This report link has expired');
    expect(expired).toContain('此報表連結已過期');
    const invalid = renderReportLinkPage('invalid');
    expect(invalid).toContain('This report link is not valid');
    expect(invalid).toContain('此報表連結無效');
    for (const page of [expired, invalid]) {
      expect(page).not.toContain('<script');
      expect(page).toContain('<section lang="zh-TW">');
    }
  });
});

const REPORT: WebhookReport = {
  kind: 'weekly',
  period: { from: '2026-11-16', to: '2026-11-22' },
  fileName: 'wattboard-weekly-report-2026-11-16-to-2026-11-22.xlsx',
  url: 'https://wattboard.example.com/v1/Report/File?t=abc.def',
  expiresAt: new Date(NOW + REPORT_LINK_LIFETIME_MS),
  expiresText: '2026-11-30 08:00:00 (UTC+08:00, Asia/Taipei)',
  factory: { id: 7, name: 'Plant 7', nameZh: '七廠' },
};

describe('report messages per format', () => {
  it('titles both languages with the period', () => {
    expect(reportTitle(REPORT)).toEqual({
      en: 'Weekly energy report 2026-11-16 – 2026-11-22',
      zh: '每週用電報告 2026-11-16 – 2026-11-22',
    });
    expect(
      reportTitle({ kind: 'monthly', period: { from: '2026-10-01', to: '2026-10-31' } }),
    ).toEqual({
      en: 'Monthly energy report 2026-10-01 – 2026-10-31',
      zh: '每月用電報告 2026-10-01 – 2026-10-31',
    });
  });

  it('signed: our JSON with its id, the report, the link and its expiry', () => {
    const body = JSON.parse(reportWebhookBody({ format: 'signed' }, REPORT, 'wattboard-9'));
    expect(body).toEqual({
      id: 'wattboard-9',
      type: 'report.ready',
      factory: REPORT.factory,
      report: {
        kind: 'weekly',
        title: reportTitle(REPORT),
        period: REPORT.period,
        fileName: REPORT.fileName,
        url: REPORT.url,
        expiresAt: '2026-11-30T00:00:00.000Z',
      },
    });
  });

  it('slack: the text names the report, factory, file and expiry, the link as <url|label>', () => {
    const { text } = JSON.parse(reportWebhookBody({ format: 'slack' }, REPORT, 'x')) as {
      text: string;
    };
    expect(text.split('\n')).toEqual([
      'Weekly energy report 2026-11-16 – 2026-11-22 / 每週用電報告 2026-11-16 – 2026-11-22',
      'Plant 7 / 七廠',
      REPORT.fileName,
      'Link valid until 2026-11-30 08:00:00 (UTC+08:00, Asia/Taipei) / 連結有效至 2026-11-30 08:00:00 (UTC+08:00, Asia/Taipei)',
      `<${REPORT.url}|${REPORT_LINK_LABEL}>`,
    ]);
  });

  it('teams: an Adaptive Card with the facts and an OpenUrl action to the file', () => {
    const body = JSON.parse(reportWebhookBody({ format: 'teams' }, REPORT, 'x'));
    expect(body.type).toBe('message');
    const card = body.attachments[0].content;
    expect(body.attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(card.version).toBe('1.4');
    expect(card.body[0].text).toBe(`${reportTitle(REPORT).en} / ${reportTitle(REPORT).zh}`);
    expect(card.body[1].facts).toContainEqual({ title: 'File / 檔案', value: REPORT.fileName });
    expect(card.actions).toEqual([
      { type: 'Action.OpenUrl', title: REPORT_LINK_LABEL, url: REPORT.url },
    ]);
  });

  it('telegram: the chat, plain text with the address last, no preview', () => {
    const body = JSON.parse(
      reportWebhookBody({ format: 'telegram', telegramChatId: '-100123' }, REPORT, 'x'),
    );
    expect(body.chat_id).toBe('-100123');
    expect(body.parse_mode).toBeUndefined();
    expect(body.link_preview_options).toEqual({ is_disabled: true });
    expect(body.text.split('\n').at(-1)).toBe(`${REPORT_LINK_LABEL}: ${REPORT.url}`);
  });

  it('line: one text to the bound chat; a huge name is clipped, the link never', () => {
    const body = JSON.parse(reportWebhookBody({ format: 'line', chatId: 'Cgroup' }, REPORT, 'x'));
    expect(body.to).toBe('Cgroup');
    expect(body.messages).toHaveLength(1);
    expect(body.messages[0].text.endsWith(`${REPORT_LINK_LABEL}: ${REPORT.url}`)).toBe(true);
    const long = { ...REPORT, factory: { ...REPORT.factory, name: 'N'.repeat(6000) } };
    const clipped = JSON.parse(reportWebhookBody({ format: 'line', chatId: 'C' }, long, 'x'));
    const text = clipped.messages[0].text as string;
    expect(text.length).toBeLessThanOrEqual(LINE_TEXT_MAX);
    expect(text.endsWith(`${REPORT_LINK_LABEL}: ${REPORT.url}`)).toBe(true);
    expect(text).toContain('…');
  });

  it('names with quotes, newlines and markup stay inside valid JSON in every format', () => {
    const odd = { ...REPORT, factory: { id: 7, name: 'A "B" <c>\n&d', nameZh: '廠\\' } };
    for (const format of ['signed', 'slack', 'teams', 'telegram', 'line'] as const) {
      const body = reportWebhookBody({ format, telegramChatId: '1', chatId: 'C' }, odd, 'x');
      expect(() => JSON.parse(body) as unknown).not.toThrow();
      expect(body).toContain(JSON.stringify(REPORT.url).slice(1, -1));
    }
  });
});

describe('reports wait out quiet hours (not urgent)', () => {
  const quiet = { start: '22:00', end: '07:00' };
  it('a report produced at 23:00 Taipei goes at 07:00; outside quiet hours at once', () => {
    const at2300 = Date.UTC(2026, 10, 22, 15, 0);
    expect(releaseAt(at2300, quiet, 'Asia/Taipei', false)).toBe(Date.UTC(2026, 10, 22, 23, 0));
    expect(releaseAt(NOW, quiet, 'Asia/Taipei', false)).toBe(NOW);
    expect(releaseAt(at2300, null, 'Asia/Taipei', false)).toBe(at2300);
  });
});
