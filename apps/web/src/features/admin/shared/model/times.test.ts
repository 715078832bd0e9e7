import { describe, expect, it } from 'vitest';
import { factoryDateTime } from './times';

describe('factoryDateTime', () => {
  it('shows the instant on the factory clock', () => {
    expect(factoryDateTime('2026-03-01T16:30:00Z', 'Asia/Taipei')).toBe('2026/03/02 00:30');
    expect(factoryDateTime('2026-03-01T16:30:00+08:00', 'UTC')).toBe('2026/03/01 08:30');
    expect(factoryDateTime('2026-07-01T12:00:00Z', 'Europe/Berlin')).toBe('2026/07/01 14:00');
  });

  it('is null for no time or an unreadable one', () => {
    expect(factoryDateTime(null, 'Asia/Taipei')).toBeNull();
    expect(factoryDateTime('yesterday', 'Asia/Taipei')).toBeNull();
  });
});
