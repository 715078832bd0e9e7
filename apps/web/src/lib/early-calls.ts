// Calls a first load starts before the code that needs them has arrived
// (issue #14): on a phone the signed-in pages' chain was document → entry →
// page chunks → User/Account → the page's data, each a round trip after the
// last. Started from the entry, the answers are in by the time the page's
// code asks, and callApi takes the answer instead of asking again.
import { callInit, requestKey } from './call-request';

/** An answer older than this is not used: the page asks afresh. */
export const EARLY_ANSWER_MAX_AGE_MS = 10_000;

interface Started {
  response: Promise<Response>;
  at: number;
}

const started = new Map<string, Started>();

/** Sends one call now and keeps its answer for the first callApi that makes the same request. */
export function startEarlyCall(
  method: string,
  url: string,
  token: string,
  body: unknown,
  now = Date.now(),
): void {
  const key = requestKey(method, url, token, body);
  if (started.has(key)) return;
  const response = fetch(url, callInit(method, token, body));
  // Nobody may take it (the user moves on): a failure must not surface as unhandled.
  response.catch(() => undefined);
  started.set(key, { response, at: now });
}

/** The early answer to exactly this request, once, while fresh; otherwise undefined. */
export function takeEarlyResponse(
  method: string,
  url: string,
  token: string,
  body: unknown,
  now = Date.now(),
): Promise<Response> | undefined {
  if (started.size === 0) return undefined;
  const key = requestKey(method, url, token, body);
  const early = started.get(key);
  if (!early) return undefined;
  started.delete(key);
  return now - early.at <= EARLY_ANSWER_MAX_AGE_MS ? early.response : undefined;
}

/** Forgets every early call (tests; a new session). */
export function clearEarlyCalls(): void {
  started.clear();
}
