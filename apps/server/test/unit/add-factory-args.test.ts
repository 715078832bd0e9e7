import { describe, expect, it } from 'vitest';
import { parseAddFactoryArgs } from '../../src/modules/factory/cli/add-factory-args.ts';

const base = [
  '--slug',
  'acme',
  '--name',
  'Acme',
  '--email',
  'Boss@Acme.Example',
  '--password',
  'long-enough',
];

describe('factory:add arguments', () => {
  it('fills defaults and lower-cases the e-mail', () => {
    expect(parseAddFactoryArgs(base)).toEqual({
      slug: 'acme',
      name: 'Acme',
      nameZh: 'Acme',
      timeZone: 'Asia/Taipei',
      email: 'boss@acme.example',
      password: 'long-enough',
      meterSerial: 'ACME-M01',
    });
  });

  it('names every bad option at once', () => {
    expect(() =>
      parseAddFactoryArgs(['--slug', 'Bad Slug', '--email', 'nope', '--time-zone', 'Mars/Base']),
    ).toThrow(
      /--slug: .*\n--name: required[\s\S]*--time-zone: an IANA[\s\S]*--email: a valid[\s\S]*--password/,
    );
  });

  it('makes the first user the Admin and refuses another name, saying how', () => {
    expect(parseAddFactoryArgs([...base, '--username', 'Admin'])).not.toHaveProperty('username');
    expect(() => parseAddFactoryArgs([...base, '--username', 'Boss'])).toThrow(
      /--username: the first user of a new factory is its Admin and is named Admin: leave --username out/,
    );
    expect(() => parseAddFactoryArgs([...base, '--username', 'admin'])).toThrow(/--username/);
  });

  it('refuses a common password or one built on the e-mail or the product name', () => {
    const withPassword = (password: string) => {
      const args = [...base];
      args[args.indexOf('--password') + 1] = password;
      return () => parseAddFactoryArgs(args);
    };
    expect(withPassword('12345678')).toThrow(/--password: This password is one of the most common/);
    expect(withPassword('Boss2026!')).toThrow(
      /--password: This password is too close to your e-mail/,
    );
    expect(withPassword('Wattboard1')).toThrow(/--password: .*the name Wattboard/);
    expect(withPassword('short')).toThrow(/--password: at least 8 characters/);
  });

  it('refuses a line break in a name', () => {
    expect(() => parseAddFactoryArgs([...base, '--name-zh', '頂點\r\n廠'])).toThrow(
      /--name-zh: must not contain line breaks/,
    );
  });

  it('refuses an unknown option', () => {
    expect(() => parseAddFactoryArgs([...base, '--color', 'red'])).toThrow(/color/);
  });
});
