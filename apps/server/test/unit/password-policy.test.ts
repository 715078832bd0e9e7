import { dictionary } from '@zxcvbn-ts/language-common';
import { ADMIN_MESSAGES } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { passwordPolicyMessage, passwordProblem } from '../../src/modules/auth/password-policy.ts';

const EMAIL = 'boss@acme.example';

describe('password policy', () => {
  it('checks against a well-kept list of at least 10,000 common passwords', () => {
    expect(dictionary['passwords-common'].length).toBeGreaterThanOrEqual(10_000);
  });

  it('refuses the most common passwords whatever their case or width', () => {
    for (const password of ['12345678', 'password', 'Password1', 'QWERTYUIOP', 'iloveyou']) {
      expect(passwordProblem(password, EMAIL), password).toBe('tooCommon');
    }
    // Full-width digits are the same password once normalised (as hashing does).
    expect(passwordProblem('１２３４５６７８', EMAIL)).toBe('tooCommon');
  });

  it('refuses fewer than 8 characters, counting characters rather than UTF-16 units', () => {
    expect(passwordProblem('abc-def', EMAIL)).toBe('tooShort');
    expect(passwordProblem('😀😀😀😀', EMAIL)).toBe('tooShort');
    expect(passwordProblem('電力看板每日巡檢', EMAIL)).toBeNull();
  });

  it('refuses the e-mail, or its name part with a few characters added', () => {
    expect(passwordProblem('boss@acme.example', EMAIL)).toBe('containsEmail');
    expect(passwordProblem('BOSS@ACME.EXAMPLE!', EMAIL)).toBe('containsEmail');
    expect(passwordProblem('boss2026!', EMAIL)).toBe('containsEmail');
    expect(passwordProblem('lin@example.com', ' Lin@Example.com ')).toBe('containsEmail');
    // A short name part ("lin") would refuse too much; a long phrase mentioning it passes.
    expect(passwordProblem('linden-tree-44', 'lin@example.com')).toBeNull();
    expect(passwordProblem('the-boss-rides-a-blue-bike', EMAIL)).toBeNull();
  });

  it('refuses the product name with a few characters added', () => {
    expect(passwordProblem('Wattboard', EMAIL)).toBe('containsProductName');
    expect(passwordProblem('wattboard2026!', EMAIL)).toBe('containsProductName');
    expect(passwordProblem('my-wattboard-is-on-the-wall', EMAIL)).toBeNull();
  });

  it('accepts an ordinary uncommon password and names each refusal in the contract', () => {
    expect(passwordPolicyMessage('violet-kettle-92', EMAIL)).toBeNull();
    expect(passwordPolicyMessage('12345678', EMAIL)).toBe(ADMIN_MESSAGES.passwordTooCommon);
    expect(passwordPolicyMessage('boss1234', EMAIL)).toBe(ADMIN_MESSAGES.passwordContainsEmail);
    expect(passwordPolicyMessage('Wattboard1', EMAIL)).toBe(
      ADMIN_MESSAGES.passwordContainsProductName,
    );
  });
});
