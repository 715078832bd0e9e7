import { describe, expect, it } from 'vitest';
import { isAdministrator } from './admin-access';

describe('isAdministrator', () => {
  it('is true only for the user named exactly Admin', () => {
    expect(isAdministrator('Admin')).toBe(true);
    expect(isAdministrator('admin')).toBe(false);
    expect(isAdministrator('Admin ')).toBe(false);
    expect(isAdministrator('demo')).toBe(false);
    expect(isAdministrator('')).toBe(false);
    expect(isAdministrator(null)).toBe(false);
    expect(isAdministrator(undefined)).toBe(false);
  });
});
