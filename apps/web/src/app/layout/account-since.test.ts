import { describe, expect, it } from 'vitest';
import { accountSinceDate } from './account-since';

describe('accountSinceDate', () => {
  // Issue #23 item 16: 中文 showed 2024年10月28日 here beside the fixed 28 Oct 2024 in Settings.
  it('is the fixed label of the Settings dialog, in every language', () => {
    expect(accountSinceDate()).toBe('28 Oct 2024');
  });
});
