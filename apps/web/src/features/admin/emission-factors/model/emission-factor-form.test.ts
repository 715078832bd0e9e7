import { adminEmissionFactorSave, EMISSION_FACTOR_MESSAGES } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-errors';
import {
  YEAR_RANGE_MESSAGE,
  blankEmissionFactor,
  currentUse,
  emissionFactorFormSchema,
  entryFor,
  entryOfYear,
  entryToForm,
  isLastEntryRefusal,
  newestFirst,
  standInAfterRemoval,
  toEmissionFactorSave,
} from './emission-factor-form';

const FACTORS = [
  { year: 2022, kgPerKwh: 0.495, source: 'Energy Administration', sourceZh: '能源署' },
  { year: 2023, kgPerKwh: 0.494, source: '', sourceZh: '' },
  { year: 2024, kgPerKwh: 0.474, source: 'unconfirmed', sourceZh: '未確認' },
];
const GOOD = {
  year: '2025',
  kgPerKwh: '0.47',
  source: 'Energy Administration, 2026-04',
  sourceZh: '能源署，2026-04',
};
const issues = (values: unknown) => {
  const result = emissionFactorFormSchema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};
const envelope = { email: 'a@b.cd', action: '/v1/Admin/EmissionFactor/Save', token: 't' };

describe('emission factor form', () => {
  it('turns a valid form into a Save request the contract accepts', () => {
    expect(issues(GOOD)).toEqual({});
    const save = toEmissionFactorSave({
      year: ' 2025 ',
      kgPerKwh: ' 0.4700 ',
      source: ' EA ',
      sourceZh: ' 能源署 ',
    });
    expect(save).toEqual({ year: 2025, kgPerKwh: 0.47, source: 'EA', sourceZh: '能源署' });
    expect(adminEmissionFactorSave.request.safeParse({ ...envelope, ...save }).success).toBe(true);
  });

  it('accepts the limits and an empty source', () => {
    for (const year of ['1990', '2100']) expect(issues({ ...GOOD, year })).toEqual({});
    for (const kgPerKwh of ['0', '5', '.5', '0.474']) {
      expect(issues({ ...GOOD, kgPerKwh })).toEqual({});
    }
    expect(issues({ ...GOOD, source: '' })).toEqual({});
    expect(issues({ ...GOOD, source: 'x'.repeat(300) })).toEqual({});
    expect(issues({ ...GOOD, source: `  ${'x'.repeat(300)}  ` })).toEqual({});
  });

  it('asks for a year and a factor', () => {
    expect(issues(blankEmissionFactor)).toEqual({
      year: 'year is required',
      kgPerKwh: 'kgPerKwh is required',
    });
    expect(issues({ ...GOOD, year: '  ', kgPerKwh: ' ' })).toEqual({
      year: 'year is required',
      kgPerKwh: 'kgPerKwh is required',
    });
  });

  it('reads every wrong year as one whole year from 1990 to 2100', () => {
    expect(YEAR_RANGE_MESSAGE).toBe('year must be a whole year from 1990 to 2100');
    for (const year of ['1989', '2101', '2024.5', 'abc', '20 24', '-2024', 'Infinity']) {
      expect(issues({ ...GOOD, year })).toEqual({ year: YEAR_RANGE_MESSAGE });
    }
  });

  it('names a wrong factor with the contract message', () => {
    expect(issues({ ...GOOD, kgPerKwh: '-0.1' })).toEqual({
      kgPerKwh: 'kgPerKwh must be 0 or more',
    });
    expect(issues({ ...GOOD, kgPerKwh: '5.01' })).toEqual({
      kgPerKwh: 'kgPerKwh must be at most 5 kg/kWh',
    });
    // zod refuses an infinite number outright: the field reads as invalid.
    expect(issues({ ...GOOD, kgPerKwh: 'Infinity' }).kgPerKwh).toBeTruthy();
    for (const kgPerKwh of ['abc', '0,47', 'NaN', '0x1']) {
      expect(issues({ ...GOOD, kgPerKwh }).kgPerKwh).toMatch(/^Expected a number/);
    }
  });

  it('keeps the source one line of at most 300 characters', () => {
    expect(issues({ ...GOOD, source: 'x'.repeat(301) })).toEqual({
      source: 'source is at most 300 characters',
    });
    expect(issues({ ...GOOD, sourceZh: '係'.repeat(301) })).toEqual({
      sourceZh: 'sourceZh is at most 300 characters',
    });
    for (const source of ['line\nbreak', 'tab\there', 'nul\u0000', 'bidi\u202e']) {
      expect(issues({ ...GOOD, source }).source).toMatch(/line breaks|control characters/);
    }
  });

  it('shows an entry as the form and reads it back unchanged', () => {
    const form = entryToForm(FACTORS[2]!);
    expect(form).toEqual({
      year: '2024',
      kgPerKwh: '0.474',
      source: 'unconfirmed',
      sourceZh: '未確認',
    });
    expect(toEmissionFactorSave(form)).toEqual(FACTORS[2]);
  });
});

describe('emission factors by year', () => {
  it('lists the newest year first without changing the answer', () => {
    const oldestFirst = [...FACTORS];
    expect(newestFirst(oldestFirst).map((entry) => entry.year)).toEqual([2024, 2023, 2022]);
    expect(oldestFirst).toEqual(FACTORS);
  });

  it('finds the entry a typed year would replace', () => {
    expect(entryOfYear(FACTORS, ' 2023 ')).toBe(FACTORS[1]);
    expect(entryOfYear(FACTORS, '2025')).toBeNull();
    expect(entryOfYear(FACTORS, '')).toBeNull();
    expect(entryOfYear(FACTORS, '2023.5')).toBeNull();
  });

  it('uses a year’s own entry, else the latest earlier one, else the earliest', () => {
    expect(entryFor(FACTORS, 2023)).toBe(FACTORS[1]);
    expect(entryFor(FACTORS, 2026)).toBe(FACTORS[2]);
    expect(entryFor(FACTORS, 2010)).toBe(FACTORS[0]);
    expect(entryFor([], 2026)).toBeNull();
    // Order of the list does not matter.
    expect(entryFor(newestFirst(FACTORS), 2025)).toBe(FACTORS[2]);
  });

  it('says what a year uses once its entry is removed', () => {
    expect(standInAfterRemoval(FACTORS, 2024)).toBe(FACTORS[1]);
    expect(standInAfterRemoval(FACTORS, 2023)).toBe(FACTORS[0]);
    // The earliest entry's year falls back to the next one (the earliest left).
    expect(standInAfterRemoval(FACTORS, 2022)).toBe(FACTORS[1]);
    expect(standInAfterRemoval([FACTORS[0]!], 2022)).toBeNull();
  });

  it('tells whether the current year has its own factor or uses a provisional one', () => {
    const list = (fromYear: number | null, currentYear = 2026) => ({
      currentYear,
      current: fromYear === null ? null : { kgPerKwh: 0.474, fromYear },
    });
    expect(currentUse(list(2024))).toEqual({
      kind: 'provisional',
      year: 2026,
      fromYear: 2024,
      kgPerKwh: 0.474,
    });
    expect(currentUse(list(2026)).kind).toBe('own');
    expect(currentUse(list(2027)).kind).toBe('earliest');
    expect(currentUse(list(null))).toEqual({ kind: 'none', year: 2026 });
  });

  it('recognises the refusal to remove the last entry', () => {
    const refusal = (message: string) =>
      new ApiError({ statusCode: 201, message, httpStatus: 200 });
    expect(isLastEntryRefusal(refusal(EMISSION_FACTOR_MESSAGES.lastEntry))).toBe(true);
    expect(isLastEntryRefusal(refusal('Something else'))).toBe(false);
    expect(isLastEntryRefusal(new Error(EMISSION_FACTOR_MESSAGES.lastEntry))).toBe(false);
  });
});
