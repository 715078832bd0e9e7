import { describe, expect, it } from 'vitest';
import { displayUsername } from './display-name';

describe('displayUsername', () => {
  it('prefers the username', () => {
    expect(displayUsername('Admin', 'admin@wattboard.local')).toBe('Admin');
  });

  it('falls back to the part of the e-mail before the at-sign', () => {
    expect(displayUsername('', 'plant.manager@factory.tw')).toBe('plant.manager');
    expect(displayUsername('   ', 'ops@factory.tw')).toBe('ops');
  });

  it('answers null when there is nothing to show', () => {
    expect(displayUsername(null, null)).toBeNull();
    expect(displayUsername('', '@factory.tw')).toBeNull();
  });
});
