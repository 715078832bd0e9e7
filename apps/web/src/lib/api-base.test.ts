import { describe, expect, it } from 'vitest';
import { resolveApiBase } from './api-base';

const bases = {
  productionBase: 'https://api.example.com/',
  developmentBase: 'https://dev.example.com',
};

describe('resolveApiBase', () => {
  it('uses the production address on a production host', () => {
    expect(resolveApiBase({ hostname: 'app.example.com', search: '', ...bases })).toBe(
      'https://api.example.com',
    );
  });

  it('uses the development address on localhost, staging or with is_dev=1', () => {
    for (const [hostname, search] of [
      ['localhost', ''],
      ['staging.example.com', ''],
      ['app.example.com', '?is_dev=1'],
    ] as const) {
      expect(resolveApiBase({ hostname, search, ...bases })).toBe('https://dev.example.com');
    }
  });

  it('falls back to the page origin when the address is not configured', () => {
    expect(
      resolveApiBase({
        hostname: 'localhost',
        search: '',
        productionBase: undefined,
        developmentBase: '',
      }),
    ).toBe('');
  });
});
