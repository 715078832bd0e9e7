import { z } from 'zod';

/**
 * The lenient numeric rule: a number or a numeric string; "Infinity" and
 * "-Infinity" are understood; anything unparsable becomes 0. This is the one
 * place the coercion lives.
 */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return Number.isNaN(value) ? 0 : value;
  if (typeof value !== 'string') return 0;
  const text = value.trim();
  if (text === 'Infinity' || text === '+Infinity') return Infinity;
  if (text === '-Infinity') return -Infinity;
  if (text === '') return 0;
  // Number() accepts "0x1f", "1e3" and the like but rejects trailing garbage; a
  // strict decimal pattern keeps "12abc" and "0x10" from sneaking through.
  if (!/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text)) return 0;
  const parsed = Number(text);
  return Number.isNaN(parsed) ? 0 : parsed;
}

/** A numeric field by that rule: number | numeric string -> number. */
export const numeric = z.union([z.number(), z.string()]).transform(toNumber);

/** A numeric field that may also be null (kept as null). */
export const nullableNumeric = z
  .union([z.number(), z.string(), z.null()])
  .transform((v) => (v === null ? null : toNumber(v)));

/** An identifier: numeric rule, then it must be a whole number >= 0. */
export const numericId = numeric.pipe(z.number().int().nonnegative());
