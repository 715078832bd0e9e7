import { z } from 'zod';

/**
 * Safe-by-default building blocks for what clients SEND (issue #8): ids that
 * fit the database's integer columns, text without control characters, and
 * numbers a person writes that are refused when unparsable. What the client
 * READS keeps the lenient numeric rule (numeric.ts).
 */

/** Largest PostgreSQL `integer`: node, factory, user and receiver ids are int4. */
export const MAX_ID = 2_147_483_647;

/** Event ids are bigint; beyond this a JavaScript number is no longer exact. */
export const MAX_EVENT_ID = Number.MAX_SAFE_INTEGER;

/**
 * C0 control characters other than tab, line feed and carriage return, and
 * DEL. PostgreSQL refuses NUL in text outright (a 500 if it got that far);
 * the others have no business in a name, title or serial either.
 */
const ALLOWED_CONTROLS = new Set([0x09, 0x0a, 0x0d]);

export const CONTROL_CHARACTER_MESSAGE = 'must not contain control characters (such as NUL)';

export function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) {
    const code = value.charCodeAt(i);
    if ((code < 0x20 && !ALLOWED_CONTROLS.has(code)) || code === 0x7f) return true;
  }
  return false;
}

/** Any text a client sends. */
export const inputText = z
  .string()
  .refine((value) => !hasControlCharacter(value), CONTROL_CHARACTER_MESSAGE);

/**
 * What a one-line text (a name, a title) must not hold besides inputText's
 * controls: line breaks and tabs, C1 controls, the Unicode line and paragraph
 * separators, and the bidirectional overrides that make text display in
 * another order than it is stored. A name is shown inside mail subjects and
 * bodies, audit lines and export cells, where a line break forges a new line.
 */
function breaksLine(code: number): boolean {
  return (
    code < 0x20 ||
    (code >= 0x7f && code <= 0x9f) ||
    code === 0x2028 ||
    code === 0x2029 ||
    (code >= 0x202a && code <= 0x202e) ||
    (code >= 0x2066 && code <= 0x2069)
  );
}

export const SINGLE_LINE_MESSAGE = 'must not contain line breaks or other control characters';

export function hasLineBreakingCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i += 1) if (breaksLine(value.charCodeAt(i))) return true;
  return false;
}

/** Text that is one line, e.g. any name or title a client sends. */
export const singleLineText = z
  .string()
  .refine((value) => !hasLineBreakingCharacter(value), SINGLE_LINE_MESSAGE);

/** One line with a length limit (see boundedText). */
export function boundedLine(max: number, message: string) {
  return singleLineText.refine((value) => value.length <= max, message);
}

/** Text with a length limit, e.g. `boundedText(200, 'Title is at most 200 characters')`. */
export function boundedText(max: number, message: string) {
  return inputText.refine((value) => value.length <= max, message);
}

const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
const INFINITY = /^([+-]?)infinity$/i;

/**
 * A number as a person or device writes it: a JSON number, or a decimal
 * string; "Infinity" / "-Infinity" (any case) are understood. Anything else
 * (including "250abc", "NaN", "0x10", "") is undefined: refused, never 0.
 */
export function parseWrittenNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isNaN(value) ? undefined : value;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const infinity = INFINITY.exec(text);
  if (infinity) return infinity[1] === '-' ? -Infinity : Infinity;
  if (!DECIMAL.test(text)) return undefined;
  const parsed = Number(text);
  return Number.isNaN(parsed) ? undefined : parsed;
}

const WRITTEN_NUMBER_MESSAGE = 'Expected a number (or "Infinity" / "-Infinity")';

/** A written number; infinities pass (callers decide what they mean). */
export const writtenNumber = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const parsed = parseWrittenNumber(value);
  if (parsed !== undefined) return parsed;
  ctx.issues.push({ code: 'custom', message: WRITTEN_NUMBER_MESSAGE, input: value });
  return z.NEVER;
});

/**
 * A limit a person writes (alarm thresholds, water marks): a number, or null,
 * blank, "Infinity" or "-Infinity" for "no limit" (null). Garbage is refused.
 */
export const writtenLimit = z
  .union([z.number(), z.string(), z.null()])
  .transform((value, ctx): number | null => {
    if (value === null || (typeof value === 'string' && value.trim() === '')) return null;
    const parsed = parseWrittenNumber(value);
    if (parsed === undefined) {
      ctx.issues.push({
        code: 'custom',
        message: 'Expected a number, or empty / "Infinity" / "-Infinity" for no limit',
        input: value,
      });
      return z.NEVER;
    }
    return Number.isFinite(parsed) ? parsed : null;
  });

/** A whole number id in 0..max, as a number or an integer string; 0 matches nothing. */
function idWithin(max: number) {
  const message = `Expected an id: a whole number from 0 to ${max}`;
  return z.union([z.number(), z.string()]).transform((value, ctx) => {
    const parsed = parseWrittenNumber(value);
    if (parsed !== undefined && Number.isInteger(parsed) && parsed >= 0 && parsed <= max) {
      return parsed;
    }
    ctx.issues.push({ code: 'custom', message, input: value });
    return z.NEVER;
  });
}

/**
 * A request's id (deviceId, smartmeterId, receiver id...). 0 is allowed
 * because the pages' `deviceId` defaults to 0 and simply finds
 * nothing; beyond int4 the database would fail, so it is refused here.
 */
export const inputId = idWithin(MAX_ID);

/** An event (alarm) id, which is a bigint in the database. */
export const inputEventId = idWithin(MAX_EVENT_ID);
