/**
 * Parsing a JSON request body (pure). JSON.parse itself is safe with a key
 * named "__proto__" (it becomes an own property), but code that later copies
 * or merges the object could turn it into a prototype change, so such keys are
 * refused as Fastify's own parser does (secure-json-parse's rules) — with a
 * message that says which key and where, not "not valid JSON".
 */
export type JsonBodyResult =
  | { ok: true; value: unknown }
  | { ok: false; problem: 'syntax' }
  | { ok: false; problem: 'forbiddenKey'; message: string };

// Only a text that could spell such a key (possibly with \u escapes) is walked.
const MAY_HAVE_FORBIDDEN_KEY = /proto|constructor|\\u/;

function pathText(path: (string | number)[]): string {
  return path
    .map((part, i) => (typeof part === 'number' ? `[${part}]` : i === 0 ? part : `.${part}`))
    .join('');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The first forbidden key, breadth-first, as a message; null when there is none. */
export function forbiddenKeyMessage(root: unknown, subject = 'The request body'): string | null {
  let level: { value: unknown; path: (string | number)[] }[] = [{ value: root, path: [] }];
  while (level.length > 0) {
    const next: typeof level = [];
    for (const { value, path } of level) {
      if (Array.isArray(value)) {
        value.forEach((item, i) => next.push({ value: item, path: [...path, i] }));
        continue;
      }
      if (!isPlainObject(value)) continue;
      const where = path.length > 0 ? ` (in ${pathText(path)})` : '';
      if (Object.hasOwn(value, '__proto__')) {
        return `${subject} has a key named "__proto__"${where}, which is not allowed.`;
      }
      const ctor = value['constructor'];
      if (
        Object.hasOwn(value, 'constructor') &&
        isPlainObject(ctor) &&
        Object.hasOwn(ctor, 'prototype')
      ) {
        return `${subject} has a key named "constructor" holding "prototype"${where}, which is not allowed.`;
      }
      for (const [key, child] of Object.entries(value))
        next.push({ value: child, path: [...path, key] });
    }
    level = next;
  }
  return null;
}

/** `subject` starts the message: "The request body", "The payload". */
export function parseJsonBody(text: string, subject?: string): JsonBodyResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { ok: false, problem: 'syntax' };
  }
  if (MAY_HAVE_FORBIDDEN_KEY.test(text)) {
    const message = forbiddenKeyMessage(value, subject);
    if (message) return { ok: false, problem: 'forbiddenKey', message };
  }
  return { ok: true, value };
}
