import { describe, expect, it } from 'vitest';
import { parseAddFactoryArgs } from '../../src/cli/add-factory-args.ts';

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
      username: 'Boss',
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

  it('refuses an unknown option', () => {
    expect(() => parseAddFactoryArgs([...base, '--color', 'red'])).toThrow(/color/);
  });
});
