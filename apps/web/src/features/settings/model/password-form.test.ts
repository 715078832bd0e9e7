import { ADMIN_MESSAGES, PASSWORD_MIN } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { newPasswordRefusal, passwordFormSchema, passwordMessageKey } from './password-form';

const messagesOf = (values: Record<string, string>) => {
  const result = passwordFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('password form', () => {
  it('accepts the old password and a new one typed twice', () => {
    expect(
      passwordFormSchema.safeParse({
        oldPassword: 'x',
        newPassword: 'a-long-password',
        confirmPassword: 'a-long-password',
      }).success,
    ).toBe(true);
  });

  it('names each field that is wrong', () => {
    const messages = messagesOf({
      oldPassword: '',
      newPassword: 'short',
      confirmPassword: 'other',
    });
    expect(Object.keys(messages).sort()).toEqual(['confirmPassword', 'newPassword', 'oldPassword']);
    expect(passwordMessageKey(messages.oldPassword)).toEqual({ key: 'admin.validation.required' });
    expect(passwordMessageKey(messages.newPassword)).toEqual({
      key: 'admin.validation.tooShort',
      values: { min: String(PASSWORD_MIN) },
    });
    expect(passwordMessageKey(messages.confirmPassword)).toEqual({
      key: 'admin.account.passwordsDiffer',
    });
  });

  it('reads the server refusals and nothing as no message', () => {
    expect(passwordMessageKey(ADMIN_MESSAGES.wrongPassword)).toEqual({
      key: 'admin.errors.wrongPassword',
    });
    expect(passwordMessageKey(ADMIN_MESSAGES.samePassword)).toEqual({
      key: 'admin.errors.samePassword',
    });
    expect(passwordMessageKey('newPassword must be at most 200 characters')).toEqual({
      key: 'admin.validation.tooLong',
      values: { max: '200' },
    });
    expect(passwordMessageKey(undefined)).toBeNull();
    expect(passwordMessageKey('odd')).toEqual({ key: 'admin.validation.invalid' });
  });
});

describe('the server refusing the new password (issue #23 H1)', () => {
  it('maps each weak-password refusal to its own text', () => {
    expect(passwordMessageKey(ADMIN_MESSAGES.passwordTooCommon)).toEqual({
      key: 'admin.errors.passwordTooCommon',
    });
    expect(passwordMessageKey(ADMIN_MESSAGES.passwordContainsEmail)).toEqual({
      key: 'admin.errors.passwordContainsEmail',
    });
    expect(passwordMessageKey(ADMIN_MESSAGES.passwordContainsProductName)).toEqual({
      key: 'admin.errors.passwordContainsProductName',
    });
  });

  it("sends the new password's refusals to that field, and nothing else", () => {
    expect(newPasswordRefusal(ADMIN_MESSAGES.samePassword)).toBe('samePassword');
    expect(newPasswordRefusal(ADMIN_MESSAGES.passwordTooCommon)).toBe('passwordTooCommon');
    expect(newPasswordRefusal(ADMIN_MESSAGES.wrongPassword)).toBeNull();
    expect(newPasswordRefusal(ADMIN_MESSAGES.passwordChangeRequired)).toBeNull();
    expect(newPasswordRefusal(ADMIN_MESSAGES.forbidden)).toBeNull();
    expect(newPasswordRefusal('This password is one of the most common')).toBeNull();
    expect(newPasswordRefusal('')).toBeNull();
  });

  it('has a text in both languages for every refusal it sends to the field', () => {
    const refusals = Object.values(ADMIN_MESSAGES).flatMap((text) => {
      const id = newPasswordRefusal(text);
      return id ? [id] : [];
    });
    expect(refusals.length).toBeGreaterThanOrEqual(4);
    for (const id of refusals) {
      for (const lng of ['en', 'zh-TW']) {
        expect(i18n.exists(`admin.errors.${id}`, { lng }), `${lng} admin.errors.${id}`).toBe(true);
      }
    }
  });
});
