import { randomBytes } from 'node:crypto';
import {
  readSignedClaims,
  signClaims,
  type SignedTokenReading,
} from '../../../platform/http/signed-token.ts';

/**
 * A clear link's token (decision 0074): what it may do, signed with the
 * server's link secret (platform/http/signed-token.ts). Signed, so nobody can make one for another alarm or
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

export function mintClearLinkToken(
  secret: string,
  claims: Omit<ClearLinkClaims, 'expiresAt' | 'nonce'>,
  nowMs: number,
  nonce: string = randomBytes(16).toString('base64url'),
): string {
  const full: ClearLinkClaims = { ...claims, expiresAt: nowMs + CLEAR_LINK_LIFETIME_MS, nonce };
  return signClaims(secret, full);
}

export type TokenReading = SignedTokenReading<ClearLinkClaims>;

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
  return readSignedClaims(secret, token, nowMs, isClaims);
}
