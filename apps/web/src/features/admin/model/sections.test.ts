import { describe, expect, it } from 'vitest';
import { ADMIN_SECTIONS, adminSectionFrom, adminSectionPath } from './sections';

describe('admin sections', () => {
  it('reads every known section from its URL segment', () => {
    for (const section of ADMIN_SECTIONS) expect(adminSectionFrom(section)).toBe(section);
  });

  it('refuses unknown, empty and differently cased segments', () => {
    expect(adminSectionFrom(undefined)).toBeNull();
    expect(adminSectionFrom('')).toBeNull();
    expect(adminSectionFrom('Users')).toBeNull();
    expect(adminSectionFrom('constructor')).toBeNull();
  });

  it('builds the sub-route of a section', () => {
    expect(adminSectionPath('gateways')).toBe('/dashboard/admin/gateways');
    expect(adminSectionPath('import')).toBe('/dashboard/admin/import');
  });

  it('puts Import (history from CSV) after Bills', () => {
    expect(ADMIN_SECTIONS.indexOf('import')).toBe(ADMIN_SECTIONS.indexOf('bills') + 1);
  });
});
