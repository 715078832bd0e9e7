// How a contract call goes on the wire (method, headers, JSON body), without
// zod: both callApi and the early calls of a first load (lib/early-calls.ts,
// in the entry chunk) build their requests here, so the two cannot differ.

/**
 * JSON has no Infinity: JSON.stringify would send null, which means something
 * else (or is refused). The contract reads "Infinity" / "-Infinity" as
 * numbers, so a parsed ±Infinity goes back out as that text.
 */
export function requestJson(data: unknown): string {
  return JSON.stringify(data, (_key, value: unknown) =>
    value === Infinity ? 'Infinity' : value === -Infinity ? '-Infinity' : value,
  );
}

/** fetch's options for a call: a GET has no body (so no envelope), the rest send JSON. */
export function callInit(method: string, token: string, body: unknown): RequestInit {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (method !== 'GET') headers['Content-Type'] = 'application/json';
  if (token) headers['Authorization'] = `Bearer ${token}`;
  return { method, headers, body: method === 'GET' ? undefined : requestJson(body) };
}

/** JSON with every object's keys sorted: two bodies with the same fields give the same text. */
export function canonicalJson(value: unknown): string {
  return requestJson(sortKeys(value)) ?? 'undefined';
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  return Object.fromEntries(entries.map(([key, inner]) => [key, sortKeys(inner)]));
}

/** One request's identity: the same call, URL, token and fields. */
export function requestKey(method: string, url: string, token: string, body: unknown): string {
  return `${method} ${url} ${token} ${method === 'GET' ? '' : canonicalJson(body)}`;
}
