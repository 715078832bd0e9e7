import fc from 'fast-check';
import type { z } from 'zod';

/** Values that have broken servers before: type confusion, edges of ranges, hostile text. */
const NASTY: readonly unknown[] = [
  2 ** 31,
  2147483648,
  '2147483648',
  -1,
  0,
  -0,
  1.5,
  2 ** 53 + 2,
  1e308,
  -1e308,
  '1e400',
  'NaN',
  'Infinity',
  '-Infinity',
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u001b[31m',
  '\u202e\ufeff',
  '0001-01-01',
  '0000-01-01',
  '99999-01-01',
  '0001-01-01T00:00:00Z',
  '9999-12-31T23:59:59-12:00',
  '2026-02-30',
  '24:00',
  '99:99',
  'x'.repeat(100_000),
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  null,
  true,
  false,
  {},
  [],
  [[]],
  [null],
  { a: { b: { c: [1, { d: null }] } } },
  JSON.parse('{"__proto__": {"admin": true}}') as unknown,
  { constructor: { prototype: { polluted: true } } },
];

/**
 * The values every field gets, one at a time (the random pass may miss a
 * single field × value pair): the issue #8 inputs and the commonest type
 * confusions.
 */
export const EDGE_VALUES: readonly unknown[] = [
  2147483648,
  -1,
  1e308,
  'NaN',
  'Infinity',
  'a\u0000b',
  '0001-01-01',
  '0001-01-01T00:00:00Z',
  '99999-01-01',
  'x'.repeat(10_000),
  null,
  {},
  [],
];

/** One junk value: a known-nasty one, or whatever fast-check makes up. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double()) },
  { weight: 1, arbitrary: fc.anything({ maxDepth: 2, maxKeys: 4 }) },
);

type Path = (string | number)[];

/** Every position in a JSON value (containers too), root first. */
export function pathsOf(value: unknown, prefix: Path = []): Path[] {
  const paths: Path[] = [prefix];
  if (Array.isArray(value)) {
    value.forEach((item, index) => paths.push(...pathsOf(item, [...prefix, index])));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) paths.push(...pathsOf(item, [...prefix, key]));
  }
  return paths;
}

/** Positions holding a value rather than an object or array. */
export function leafPathsOf(value: unknown): Path[] {
  return pathsOf(value).filter((path) => {
    const leaf = path.reduce<unknown>(
      (node, key) => (node as Record<string | number, unknown>)[key],
      value,
    );
    return leaf === null || typeof leaf !== 'object';
  });
}

/** The envelope is the same on every call; the random pass covers it. */
const ENVELOPE_KEYS = new Set(['email', 'action', 'token']);

/** `base` with each of its own leaves in turn set to each edge value. */
export function edgeBodies(base: unknown): unknown[] {
  const own = leafPathsOf(base).filter((path) => !ENVELOPE_KEYS.has(String(path[0])));
  return own.flatMap((path) => EDGE_VALUES.map((value) => replaceAt(base, path, value)));
}

/** A copy of `value` with the position at `path` replaced (or deleted when `replacement` is undefined). */
export function replaceAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...Path];
  const copy: Record<string | number, unknown> | unknown[] = Array.isArray(value)
    ? [...(value as unknown[])]
    : { ...(value as Record<string, unknown>) };
  const next = replaceAt((copy as Record<string | number, unknown>)[head], rest, replacement);
  if (next === undefined && !Array.isArray(copy)) delete copy[head];
  else (copy as Record<string | number, unknown>)[head] = next;
  return copy;
}

/**
 * A body built from `base` with one to three positions replaced by junk,
 * deleted, or joined by an unknown key; now and then the whole body is junk.
 */
export function mutatedBody(base: unknown): fc.Arbitrary<unknown> {
  const paths = pathsOf(base);
  const edit = fc.tuple(
    fc.nat({ max: paths.length - 1 }),
    fc.oneof(
      { weight: 6, arbitrary: junk.map((value) => ({ kind: 'set' as const, value })) },
      { weight: 1, arbitrary: fc.constant({ kind: 'delete' as const, value: undefined }) },
      { weight: 1, arbitrary: junk.map((value) => ({ kind: 'extra' as const, value })) },
    ),
  );
  const edited = fc.array(edit, { minLength: 1, maxLength: 3 }).map((edits) =>
    edits.reduce<unknown>((body, [index, change]) => {
      const path = paths[index] ?? [];
      if (change.kind === 'extra') return replaceAt(body, [...path, '$junk'], change.value);
      if (change.kind === 'delete' && path.length === 0) return body;
      return replaceAt(body, path, change.value);
    }, base),
  );
  return fc.oneof({ weight: 9, arbitrary: edited }, { weight: 1, arbitrary: junk });
}

interface ZodDef {
  type: string;
  format?: string;
  shape?: Record<string, z.ZodType>;
  options?: z.ZodType[];
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  valueType?: z.ZodType;
  entries?: Record<string, string>;
  values?: unknown[];
  items?: z.ZodType[];
  getter?: () => z.ZodType;
}

const FORMAT_SAMPLES: Record<string, string> = {
  email: 'fuzz@demo.example',
  date: '2026-01-02',
  datetime: '2026-01-02T03:04:05Z',
};

/** A plausible value for a request schema, so a call without a hand-made body is fuzzed too. */
export function sampleOf(schema: z.ZodType, depth = 0): unknown {
  const def = (schema as unknown as { _zod: { def: ZodDef } })._zod.def;
  if (depth > 8) return undefined;
  const next = (inner: z.ZodType | undefined) => (inner ? sampleOf(inner, depth + 1) : undefined);
  switch (def.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(def.shape ?? {}).map(([key, value]) => [key, next(value)]),
      );
    case 'string':
      return FORMAT_SAMPLES[def.format ?? ''] ?? 'fuzz';
    case 'number':
    case 'int':
      return 1;
    case 'boolean':
      return true;
    case 'null':
      return null;
    case 'enum':
      return Object.values(def.entries ?? {})[0];
    case 'literal':
      return def.values?.[0];
    case 'union':
      return next(def.options?.[0]);
    case 'array':
      return [next(def.element)];
    case 'tuple':
      return (def.items ?? []).map((item) => next(item));
    case 'record':
      return { key: next(def.valueType) };
    case 'pipe':
      return next(def.in);
    case 'lazy':
      return next(def.getter?.());
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return next(def.innerType);
    default:
      return {};
  }
}
