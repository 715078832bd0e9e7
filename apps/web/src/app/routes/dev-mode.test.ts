import { describe, expect, it } from 'vitest';
import { isDevMode } from './dev-mode';

describe('isDevMode', () => {
  it('is on in a development build whatever the query', () => {
    expect(isDevMode(true, '')).toBe(true);
    expect(isDevMode(true, '?is_dev=0')).toBe(true);
  });

  it('is on in a production build only with is_dev=1', () => {
    expect(isDevMode(false, '?is_dev=1')).toBe(true);
    expect(isDevMode(false, '?lng=zh&is_dev=1')).toBe(true);
    expect(isDevMode(false, '')).toBe(false);
    expect(isDevMode(false, '?is_dev=true')).toBe(false);
    expect(isDevMode(false, '?is_dev=')).toBe(false);
    expect(isDevMode(false, '?dev=1')).toBe(false);
  });
});
