import { createHash, randomBytes } from 'node:crypto';

/** Sessions last 7 days. */
export const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/** A new bearer token: 256 random bits, base64url (43 characters). */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database stores instead of the token: its SHA-256 in hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function sessionExpiry(now: Date): Date {
  return new Date(now.getTime() + SESSION_LIFETIME_MS);
}

/** The token from `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}
