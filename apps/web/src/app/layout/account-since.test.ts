import { describe, expect, it } from 'vitest';
import { accountSinceDate } from './account-since';

describe('accountSinceDate', () => {
  it('writes the start date the way each language reads it', () => {
    expect(accountSinceDate('en')).toBe('28 Oct 2024');
    expect(accountSinceDate('zh')).toBe('2024年10月28日');
    expect(accountSinceDate('zh-TW')).toBe('2024年10月28日');
  });
});
