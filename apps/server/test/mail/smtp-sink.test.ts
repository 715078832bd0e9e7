import { describe, expect, it } from 'vitest';
import { decodeMimeHeader, headerOf } from './smtp-sink.ts';

// The test's own decoding helper must be right, or the delivery tests prove nothing.
describe('RFC 2047 decoding used by the mail tests', () => {
  it('decodes base64 and Q words, joining split characters and dropping the space between words', () => {
    const bytes = Buffer.from('電壓警報', 'utf8');
    const first = bytes.subarray(0, 4).toString('base64');
    const second = bytes.subarray(4).toString('base64');
    expect(decodeMimeHeader(`=?UTF-8?B?${first}?= =?UTF-8?B?${second}?=`)).toBe('電壓警報');
    expect(decodeMimeHeader('[Wattboard] =?UTF-8?Q?Caf=C3=A9_alarm?= now')).toBe(
      '[Wattboard] Café alarm now',
    );
    expect(decodeMimeHeader('plain text')).toBe('plain text');
  });

  it('reads an unfolded header from the header block only', () => {
    const raw = 'Subject: part one\r\n  part two\r\nTo: a@example.com\r\n\r\nSubject: body';
    expect(headerOf(raw, 'subject')).toBe('part one part two');
    expect(headerOf(raw, 'To')).toBe('a@example.com');
    expect(headerOf(raw, 'Cc')).toBeUndefined();
  });
});
