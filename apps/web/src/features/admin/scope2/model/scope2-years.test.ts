import { describe, expect, it } from 'vitest';
import { defaultScope2Year, FIRST_SCOPE2_YEAR, scope2Years, yearOf } from './scope2-years';

describe('Scope 2 years', () => {
  it('offers this year and every earlier one down to 2017, newest first', () => {
    const years = scope2Years(2026);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(FIRST_SCOPE2_YEAR);
    expect(years).toHaveLength(2026 - 2017 + 1);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(scope2Years(2017)).toEqual([2017]);
  });

  it('starts on last year, the year an inventory is filed for', () => {
    expect(defaultScope2Year(2026)).toBe(2025);
    expect(scope2Years(2026)).toContain(defaultScope2Year(2026));
    expect(defaultScope2Year(2017)).toBe(2017);
  });

  it('reads the year of a factory-local day', () => {
    expect(yearOf('2026-01-01')).toBe(2026);
  });
});
