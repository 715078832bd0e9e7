import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Self-validating connection tokens (docs/product/live-hub.md, Negotiate): the token
 * carries the connection's identity and expiry plus an HMAC over them, so any
 * instance sharing the secret accepts the socket without a shared session
 * store or sticky sessions. URL-safe, because the client puts it in the query
 * without encoding it. Pure apart from the random connection id.
 */

/** Between negotiate and the WebSocket upgrade; a reconnect negotiates again. */
export const CONNECTION_TOKEN_LIFETIME_MS = 5 * 60_000;

const VERSION = 'v1';
const FIELD = /^[A-Za-z0-9_-]+$/;

export interface ConnectionClaims {
  connectionId: string;
  userId: number;
  factoryId: number;
  /** Epoch milliseconds after which the token is refused. */
  expiresAt: number;
}

/** A fresh public connection id: 128 random bits, base64url. */
export function newConnectionId(): string {
  return randomBytes(16).toString('base64url');
}

function mac(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body, 'utf8').digest('base64url');
}

export function signConnectionToken(claims: ConnectionClaims, secret: string): string {
  if (!FIELD.test(claims.connectionId)) {
    throw new Error('A connection id must be URL-safe base64');
  }
  const body = [
    VERSION,
    claims.connectionId,
    claims.userId.toString(36),
    claims.factoryId.toString(36),
    claims.expiresAt.toString(36),
  ].join('.');
  return `${body}.${mac(body, secret)}`;
}

function wholeNumber(text: string | undefined): number | null {
  if (text === undefined || !/^[0-9a-z]{1,12}$/.test(text)) return null;
  const value = parseInt(text, 36);
  return Number.isSafeInteger(value) ? value : null;
}

/** The token's claims when its signature is ours and it has not expired; otherwise null. */
export function verifyConnectionToken(
  token: string,
  secret: string,
  now: number,
): ConnectionClaims | null {
  const parts = token.split('.');
  if (parts.length !== 6 || parts[0] !== VERSION) return null;
  const [, connectionId, user, factory, expiry, signature] = parts;
  const body = parts.slice(0, 5).join('.');
  const expected = Buffer.from(mac(body, secret));
  const given = Buffer.from(signature ?? '');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const userId = wholeNumber(user);
  const factoryId = wholeNumber(factory);
  const expiresAt = wholeNumber(expiry);
  if (!connectionId || !FIELD.test(connectionId)) return null;
  if (userId === null || factoryId === null || expiresAt === null) return null;
  if (expiresAt <= now) return null;
  return { connectionId, userId, factoryId, expiresAt };
}
