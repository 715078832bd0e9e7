import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * A clear link's token (decision 0074): what it may do, signed with the
 * server's link secret. Signed, so nobody can make one for another alarm or
 * factory; short-lived (`exp`); single use by its nonce, recorded when used.
 */
export interface ClearLinkClaims {
  factoryId: number;
  eventId: number;
  /** Who the link was sent to (an e-mail address or a webhook destination), for the audit log. */
  receiver: string;
  /** Expiry, epoch milliseconds. */
  expiresAt: number;
  /** 128 random bits: the link's identity for single use. */
  nonce: string;
}

/** How long a clear link works: a shift, so the night's alarm can be cleared in the morning. */
export const CLEAR_LINK_LIFETIME_MS = 12 * 60 * 60 * 1000;

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

export function mintClearLinkToken(
  secret: string,
  claims: Omit<ClearLinkClaims, 'expiresAt' | 'nonce'>,
  nowMs: number,
  nonce: string = randomBytes(16).toString('base64url'),
): string {
  const full: ClearLinkClaims = { ...claims, expiresAt: nowMs + CLEAR_LINK_LIFETIME_MS, nonce };
  const payload = Buffer.from(JSON.stringify(full)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

export type TokenReading =
  | { status: 'valid'; claims: ClearLinkClaims }
  | { status: 'expired'; claims: ClearLinkClaims }
  | { status: 'invalid' };

function isClaims(value: unknown): value is ClearLinkClaims {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(v.factoryId) &&
    Number.isSafeInteger(v.eventId) &&
    typeof v.receiver === 'string' &&
    Number.isFinite(v.expiresAt) &&
    typeof v.nonce === 'string' &&
    v.nonce.length >= 16
  );
}

/** The token's claims when its signature holds; anything else (cut, altered, made up) is invalid. */
export function readClearLinkToken(secret: string, token: string, nowMs: number): TokenReading {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined) return { status: 'invalid' };
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    return { status: 'invalid' };
  }
  let claims: unknown;
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { status: 'invalid' };
  }
  if (!isClaims(claims)) return { status: 'invalid' };
  return nowMs >= claims.expiresAt ? { status: 'expired', claims } : { status: 'valid', claims };
}
