import {
  adminEmissionFactorSave,
  EMISSION_FACTOR_MESSAGES,
  EMISSION_FACTOR_YEAR_MAX,
  EMISSION_FACTOR_YEAR_MIN,
} from '@wattboard/contract';
import type { AdminEmissionFactorsResponse, EmissionFactorEntry } from '@wattboard/contract';
import { z } from 'zod';
import { ApiError } from '@/lib/api-errors';

/** The year form as typed: numbers as text. */
export interface EmissionFactorFormValues {
  year: string;
  kgPerKwh: string;
  source: string;
  sourceZh: string;
}

export const blankEmissionFactor: EmissionFactorFormValues = {
  year: '',
  kgPerKwh: '',
  source: '',
  sourceZh: '',
};

/**
 * Any problem with the year reads as one sentence (the contract's three
 * messages name no limit the field mapping knows): a whole year in range.
 */
export const YEAR_RANGE_MESSAGE = `year must be a whole year from ${EMISSION_FACTOR_YEAR_MIN} to ${EMISSION_FACTOR_YEAR_MAX}`;

const shape = adminEmissionFactorSave.request.shape;

/** Checks a text, trimmed as it is sent, with one of the contract's fields; adds its first message (or `message`). */
function checkedBy(schema: z.ZodType, { required = '', message = '' } = {}) {
  return z.string().superRefine((value, ctx) => {
    if (required && value.trim() === '') {
      ctx.addIssue({ code: 'custom', message: `${required} is required` });
      return;
    }
    const result = schema.safeParse(value.trim());
    if (!result.success) {
      const first = result.error.issues[0]?.message ?? 'invalid';
      ctx.addIssue({ code: 'custom', message: message || first });
    }
  });
}

/**
 * The contract's own fields check each input, so the form refuses exactly
 * what the server would (the API client treats a request off the contract as
 * a bug): year whole 1990–2100, kgPerKwh 0–5, source one line of ≤ 300.
 */
export const emissionFactorFormSchema = z.object({
  year: checkedBy(shape.year, { required: 'year', message: YEAR_RANGE_MESSAGE }),
  kgPerKwh: checkedBy(shape.kgPerKwh, { required: 'kgPerKwh' }),
  source: checkedBy(shape.source),
  sourceZh: checkedBy(shape.sourceZh),
});

export function entryToForm(entry: EmissionFactorEntry): EmissionFactorFormValues {
  return {
    year: String(entry.year),
    kgPerKwh: String(entry.kgPerKwh),
    source: entry.source,
    sourceZh: entry.sourceZh,
  };
}

/** The Save call's fields from a valid form. */
export function toEmissionFactorSave(values: EmissionFactorFormValues) {
  return {
    year: Number(values.year.trim()),
    kgPerKwh: Number(values.kgPerKwh.trim()),
    source: values.source.trim(),
    sourceZh: values.sourceZh.trim(),
  };
}

/** The entries newest year first (the server sends oldest first). */
export function newestFirst(factors: readonly EmissionFactorEntry[]): EmissionFactorEntry[] {
  return [...factors].sort((a, b) => b.year - a.year);
}

/** The entry of a typed year, when there is one (saving then replaces it). */
export function entryOfYear(
  factors: readonly EmissionFactorEntry[],
  yearText: string,
): EmissionFactorEntry | null {
  const year = Number(yearText.trim());
  if (yearText.trim() === '' || !Number.isInteger(year)) return null;
  return factors.find((entry) => entry.year === year) ?? null;
}

/**
 * The entry a year's kWh use, as the server decides: its own, else the
 * latest earlier year's, else (before every entry) the earliest one; null
 * without entries.
 */
export function entryFor(
  factors: readonly EmissionFactorEntry[],
  year: number,
): EmissionFactorEntry | null {
  let earlier: EmissionFactorEntry | null = null;
  let earliest: EmissionFactorEntry | null = null;
  for (const entry of factors) {
    if (entry.year <= year && (!earlier || entry.year > earlier.year)) earlier = entry;
    if (!earliest || entry.year < earliest.year) earliest = entry;
  }
  return earlier ?? earliest;
}

/** What a year would use once its own entry is removed; null when it is the last one. */
export function standInAfterRemoval(
  factors: readonly EmissionFactorEntry[],
  year: number,
): EmissionFactorEntry | null {
  return entryFor(
    factors.filter((entry) => entry.year !== year),
    year,
  );
}

/** Which factor the current year uses: its own, an earlier year's (provisional), the earliest, or none. */
export type CurrentUse =
  | { kind: 'none'; year: number }
  | { kind: 'own' | 'provisional' | 'earliest'; year: number; fromYear: number; kgPerKwh: number };

export function currentUse(
  list: Pick<AdminEmissionFactorsResponse, 'currentYear' | 'current'>,
): CurrentUse {
  const year = list.currentYear;
  const current = list.current;
  if (!current) return { kind: 'none', year };
  const kind =
    current.fromYear === year ? 'own' : current.fromYear < year ? 'provisional' : 'earliest';
  return { kind, year, fromYear: current.fromYear, kgPerKwh: current.kgPerKwh };
}

/** The server's refusal to remove the last entry (201, EMISSION_FACTOR_MESSAGES.lastEntry). */
export function isLastEntryRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.message === EMISSION_FACTOR_MESSAGES.lastEntry;
}
