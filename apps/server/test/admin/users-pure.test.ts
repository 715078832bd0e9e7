import { describe, expect, it } from 'vitest';
import { renderInvitationMail } from '../../src/modules/users/invitation-mail.ts';
import { generateOneTimePassword, OTP_ALPHABET } from '../../src/modules/auth/one-time-password.ts';

describe('one-time passwords', () => {
  it('are 4 groups of 4 unambiguous characters, longer than the sign-in minimum', () => {
    for (let i = 0; i < 200; i += 1) {
      const otp = generateOneTimePassword();
      expect(otp).toMatch(/^[^-]{4}-[^-]{4}-[^-]{4}-[^-]{4}$/);
      expect(otp.replaceAll('-', '')).toMatch(new RegExp(`^[${OTP_ALPHABET}]{16}$`));
      expect(otp).not.toMatch(/[0O1lI]/);
    }
  });

  it('take every character from the random source (first and last of the alphabet)', () => {
    expect(generateOneTimePassword(() => 0)).toBe('aaaa-aaaa-aaaa-aaaa');
    expect(generateOneTimePassword(() => OTP_ALPHABET.length - 1)).toBe('9999-9999-9999-9999');
  });

  it('differ between calls', () => {
    const seen = new Set(Array.from({ length: 100 }, () => generateOneTimePassword()));
    expect(seen.size).toBe(100);
  });
});

describe('the invitation mail', () => {
  const mail = renderInvitationMail({
    factory: { name: 'Taoyuan <Plant>', nameZh: '桃園廠' },
    username: 'Lin',
    email: 'lin@example.com',
    invitedBy: 'Admin',
  });

  it('is bilingual, names the account and who invited, and escapes HTML', () => {
    expect(mail.subject).toBe('[Wattboard] Your account / 您的帳號');
    expect(mail.text).toContain('Welcome to Wattboard: Taoyuan <Plant>');
    expect(mail.text).toContain('歡迎使用瓦特板：桃園廠');
    expect(mail.text).toContain('lin@example.com');
    expect(mail.html).toContain('Taoyuan &lt;Plant&gt;');
    expect(mail.html).not.toContain('<Plant>');
  });
});
