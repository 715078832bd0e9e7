import { describe, expect, it } from 'vitest';
import { renderEventMail, type EventMailInput } from '../../src/modules/mail/event-mail.ts';
import { escapeHtml, singleLine } from '../../src/modules/mail/mail-document.ts';
import {
  formatLimit,
  formatMailTime,
  formatMeasurement,
} from '../../src/modules/mail/mail-format.ts';
import { renderTestMail } from '../../src/modules/mail/test-mail.ts';

const TAIPEI = {
  name: 'Wattboard Demo Factory',
  nameZh: '瓦特板示範工廠',
  timeZone: 'Asia/Taipei',
};

function breach(overrides: Partial<EventMailInput> = {}): EventMailInput {
  return {
    eventId: 42,
    kind: 'threshold',
    target: 'voltage',
    titleEn: 'Voltage alarm: Air Compressor 1',
    descEn: 'Air Compressor 1: voltage 252.4 V is above the high limit 240 V.',
    titleZh: '電壓警報：空壓機 1',
    descZh: '空壓機 1：電壓 252.4 V 高於上限 240 V。',
    value: 252.4,
    thresholdLow: 200,
    thresholdHigh: 240,
    openedAt: new Date('2026-11-21T06:03:05Z'),
    node: { name: 'Air Compressor 1', chName: '空壓機 1' },
    factory: TAIPEI,
    ...overrides,
  };
}

describe('event mail', () => {
  it('has a subject in English and Traditional Chinese without repeating the node', () => {
    expect(renderEventMail(breach()).subject).toBe(
      '[Wattboard] Voltage alarm: Air Compressor 1 / 電壓警報：空壓機 1',
    );
  });

  it('adds the node to a subject whose title does not name it', () => {
    const mail = renderEventMail(breach({ titleEn: 'Voltage too high', titleZh: '電壓過高' }));
    expect(mail.subject).toBe(
      '[Wattboard] Voltage too high – Air Compressor 1 / 電壓過高 – 空壓機 1',
    );
  });

  it('tells node, target, value, limit and factory-local time in both languages', () => {
    const { text } = renderEventMail(breach());
    const [english, chinese] = text.split('----------------------------------------');
    expect(english).toContain('Wattboard alarm: Wattboard Demo Factory');
    expect(english).toContain('Air Compressor 1: voltage 252.4 V is above the high limit 240 V.');
    expect(english).toMatch(/Monitoring point:\s+Air Compressor 1/);
    expect(english).toMatch(/Target:\s+Voltage/);
    expect(english).toMatch(/Value:\s+252\.4 V/);
    expect(english).toMatch(/Limit:\s+low 200 V \/ high 240 V/);
    // 06:03:05 UTC is 14:03:05 in Taipei.
    expect(english).toMatch(/Time:\s+2026-11-21 14:03:05 \(UTC\+08:00, Asia\/Taipei\)/);
    expect(english).toMatch(/Event:\s+#42/);
    expect(chinese).toContain('瓦特板警報：瓦特板示範工廠');
    expect(chinese).toContain('空壓機 1：電壓 252.4 V 高於上限 240 V。');
    expect(chinese).toContain('監測點：空壓機 1');
    expect(chinese).toContain('項目：電壓');
    expect(chinese).toContain('門檻：下限 200 V／上限 240 V');
    expect(chinese).toContain('時間：2026-11-21 14:03:05 (UTC+08:00, Asia/Taipei)');
  });

  it('shows the time on the factory clock on both sides of a daylight-saving change', () => {
    const berlin = { name: 'Berlin Plant', nameZh: '柏林廠', timeZone: 'Europe/Berlin' };
    // Clocks in Berlin jump from 02:00 CET to 03:00 CEST at 01:00 UTC on 29 March 2026.
    const before = renderEventMail(
      breach({ factory: berlin, openedAt: new Date('2026-03-29T00:30:00Z') }),
    );
    const after = renderEventMail(
      breach({ factory: berlin, openedAt: new Date('2026-03-29T01:30:00Z') }),
    );
    expect(before.text).toContain('2026-03-29 01:30:00 (UTC+01:00, Europe/Berlin)');
    expect(after.text).toContain('2026-03-29 03:30:00 (UTC+02:00, Europe/Berlin)');
    expect(after.html).toContain('2026-03-29 03:30:00 (UTC+02:00, Europe/Berlin)');
  });

  it('escapes names and descriptions in the HTML body, and keeps them verbatim in the text', () => {
    const mail = renderEventMail(
      breach({
        node: { name: 'Line <b>2</b> & "Press"', chName: '<script>alert(1)</script>' },
        descEn: 'See <a href="x">this</a>',
      }),
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<b>2</b>');
    expect(mail.html).not.toContain('<a href');
    expect(mail.html).toContain('Line &lt;b&gt;2&lt;/b&gt; &amp; &quot;Press&quot;');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('lang="en"');
    expect(mail.html).toContain('lang="zh-Hant-TW"');
    expect(mail.text).toContain('Line <b>2</b> & "Press"');
  });

  it('leaves value and limit out of offline and test events', () => {
    const offline = renderEventMail(
      breach({
        kind: 'offline',
        target: 'offline',
        titleEn: 'Meter offline: Air Compressor 1',
        titleZh: '電表離線：空壓機 1',
        value: null,
        thresholdLow: null,
        thresholdHigh: null,
      }),
    );
    expect(offline.text).toMatch(/Target:\s+Meter offline/);
    expect(offline.text).toContain('項目：電表離線');
    expect(offline.text).not.toMatch(/Value:|Limit:/);
    const test = renderEventMail(
      breach({
        kind: 'test',
        target: 'test',
        node: null,
        titleEn: 'Test alarm',
        titleZh: '測試警報',
      }),
    );
    expect(test.subject).toBe('[Wattboard] Test alarm / 測試警報');
    expect(test.text).not.toContain('Monitoring point');
  });

  it('keeps a subject on one line whatever the titles hold', () => {
    const mail = renderEventMail(breach({ titleEn: 'Voltage\r\nBcc: victim@example.com' }));
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });
});

describe('mail wording pieces', () => {
  it('formats measurements with their unit, and missing ones in each language', () => {
    expect(formatMeasurement(252.456, 'voltage', 'en')).toBe('252.46 V');
    expect(formatMeasurement(1234.5, 'power', 'en')).toBe('1,234.5 kW');
    expect(formatMeasurement(0.78, 'pf', 'zh')).toBe('0.78');
    expect(formatMeasurement(null, 'current', 'en')).toBe('n/a');
    expect(formatMeasurement(null, 'current', 'zh')).toBe('無資料');
    expect(formatMeasurement(3, 'mystery', 'en')).toBe('3');
  });

  it('states one-sided and missing limits', () => {
    expect(formatLimit(null, 60.5, 'frequency', 'en')).toBe('high 60.5 Hz');
    expect(formatLimit(10, null, 'imbalance', 'zh')).toBe('下限 10 %');
    expect(formatLimit(null, null, 'voltage', 'en')).toBe('none');
    expect(formatLimit(null, null, 'voltage', 'zh')).toBe('未設定');
  });

  it('writes times west of Greenwich with a negative offset', () => {
    expect(formatMailTime(new Date('2026-07-01T12:00:00Z'), 'America/New_York')).toBe(
      '2026-07-01 08:00:00 (UTC-04:00, America/New_York)',
    );
  });

  it('escapes every HTML special character and flattens header text', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
    expect(singleLine(' a\r\n b\n\nc ')).toBe('a b c');
  });
});

describe('test mail', () => {
  it('is bilingual and names the receiver, the requester and the factory time', () => {
    const mail = renderTestMail({
      factory: TAIPEI,
      receiverName: 'Mei <Ops>',
      requestedBy: 'demo <demo@wattboard.local>',
      now: new Date('2026-11-21T16:30:00Z'),
    });
    expect(mail.subject).toBe('[Wattboard] Test e-mail / 測試郵件');
    expect(mail.text).toContain('Hello Mei <Ops>,');
    expect(mail.text).toContain('Mei <Ops> 您好：');
    expect(mail.text).toContain('2026-11-22 00:30:00 (UTC+08:00, Asia/Taipei)');
    expect(mail.html).toContain('Mei &lt;Ops&gt;');
  });
});
