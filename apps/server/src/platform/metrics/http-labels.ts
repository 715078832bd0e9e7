import { timingSafeEqual } from 'node:crypto';
import { hashToken } from '../http/token.ts';

/** Requests no route matched (404s, scanners) share one label instead of one per URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** 200 → '2xx': five values instead of one per status code. */
export function statusClass(statusCode: number): string {
  return `${Math.floor(statusCode / 100)}xx`;
}

/** The route pattern (`/v1/Event/:id/resolve`), never the raw URL with its ids. */
export function routeLabel(pattern: string | undefined): string {
  return pattern ?? UNMATCHED_ROUTE;
}

/**
 * Whether the scrape's bearer token is the configured one. Hashing both sides
 * first gives equal lengths, so the comparison is constant-time whatever was sent.
 */
export function scrapeTokenMatches(expected: string, sent: string | undefined): boolean {
  if (sent === undefined) return false;
  return timingSafeEqual(
    Buffer.from(hashToken(expected), 'hex'),
    Buffer.from(hashToken(sent), 'hex'),
  );
}
