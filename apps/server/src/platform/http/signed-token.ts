import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The tokens of the links the server sends (alarm clear links, decision 0074; report links,
 * decision 0083): `base64url(JSON claims).base64url(HMAC-SHA256)`, signed with a server key.
 * Signed, so nobody makes one for another factory or object; each carries its own expiry.
 * What the claims are, and whether a token is single use, is each link's own business. Pure.
 */
export interface ExpiringClaims {
  /** Expiry, epoch milliseconds. */
  expiresAt: number;
}

export type SignedTokenReading<C extends ExpiringClaims> =
  { status: 'valid'; claims: C } | { status: 'expired'; claims: C } | { status: 'invalid' };

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(payload).digest('base64url');

/** The token of these claims (the same claims in the same key order make the same token). */
export function signClaims<C extends ExpiringClaims>(secret: string, claims: C): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

/**
 * The token's claims when its signature holds and they have the expected shape; a cut,
 * altered or made-up token is invalid, one past its expiry expired (with its claims, so the
 * page can say which link it was).
 */
export function readSignedClaims<C extends ExpiringClaims>(
  secret: string,
  token: string,
  nowMs: number,
  isClaims: (value: unknown) => value is C,
): SignedTokenReading<C> {
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
