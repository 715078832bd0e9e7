import {
  readSignedClaims,
  signClaims,
  type SignedTokenReading,
} from '../../platform/http/signed-token.ts';

/**
 * A report link's token (decision 0083): which stored report file of which
 * factory it opens, and until when, signed with the server's report-link key
 * in the shape of the alarm clear links (decision 0074):
 * `base64url(JSON claims).base64url(HMAC-SHA256)`. Not single use: a report
 * is read again and by several people of a channel, and downloading changes
 * nothing. Pure.
 */
export interface ReportLinkClaims {
  factoryId: number;
  /** The stored file (the mail attachment of the same run). */
  fileId: number;
  kind: 'weekly' | 'monthly';
  from: string;
  to: string;
  /** Expiry, epoch milliseconds. */
  expiresAt: number;
}

/** How long a report link works: a week, until the next weekly report supersedes it. */
export const REPORT_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export function mintReportLinkToken(
  secret: string,
  claims: Omit<ReportLinkClaims, 'expiresAt'>,
  nowMs: number,
): { token: string; expiresAt: number } {
  const expiresAt = nowMs + REPORT_LINK_LIFETIME_MS;
  // Fixed key order, so the same claims always make the same token.
  const full: ReportLinkClaims = {
    factoryId: claims.factoryId,
    fileId: claims.fileId,
    kind: claims.kind,
    from: claims.from,
    to: claims.to,
    expiresAt,
  };
  return { token: signClaims(secret, full), expiresAt };
}

export type ReportLinkReading = SignedTokenReading<ReportLinkClaims>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isClaims(value: unknown): value is ReportLinkClaims {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    Number.isSafeInteger(v.factoryId) &&
    Number.isSafeInteger(v.fileId) &&
    (v.kind === 'weekly' || v.kind === 'monthly') &&
    typeof v.from === 'string' &&
    DAY.test(v.from) &&
    typeof v.to === 'string' &&
    DAY.test(v.to) &&
    Number.isFinite(v.expiresAt)
  );
}

/** The claims when the signature holds; a cut, altered or made-up token is invalid. */
export function readReportLinkToken(
  secret: string,
  token: string,
  nowMs: number,
): ReportLinkReading {
  return readSignedClaims(secret, token, nowMs, isClaims);
}
