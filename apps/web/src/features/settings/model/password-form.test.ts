import { ADMIN_MESSAGES, PASSWORD_MIN } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { passwordFormSchema, passwordMessageKey } from './password-form';

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
