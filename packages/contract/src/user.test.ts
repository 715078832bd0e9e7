import { describe, expect, it } from 'vitest';
import { issuePaths } from './fixtures/issue-paths.ts';
import { signInForm, signInRequest } from './user.ts';

describe('sign-in form rules', () => {
  it('trims the e-mail', () => {
    expect(
      signInForm.parse({ email: '  demo@wattboard.local ', password: 'wattboard-demo' }),
    ).toEqual({
      email: 'demo@wattboard.local',
      password: 'wattboard-demo',
    });
  });

  it('needs at least 5 characters of e-mail after trimming', () => {
    expect(issuePaths(signInForm, { email: ' a@b ', password: '12345678' })).toContain('email');
  });

  it('needs a valid e-mail format', () => {
    expect(issuePaths(signInForm, { email: 'demo.wattboard.local', password: '12345678' })).toEqual(
      ['email'],
    );
  });

  it('needs a password of at least 8 characters', () => {
    expect(issuePaths(signInForm, { email: 'demo@wattboard.local', password: '1234567' })).toEqual([
      'password',
    ]);
    expect(
      signInForm.safeParse({ email: 'demo@wattboard.local', password: '12345678' }).success,
    ).toBe(true);
  });

  it('requires both fields', () => {
    expect(issuePaths(signInForm, {}).sort()).toEqual(['email', 'password']);
  });
});

describe('sign-in request', () => {
  it('carries an empty token', () => {
    const body = {
      email: 'demo@wattboard.local',
      password: 'x',
      action: '/User/SignIn',
      token: '',
    };
    expect(signInRequest.parse(body).token).toBe('');
  });
});
