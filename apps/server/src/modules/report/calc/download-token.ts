import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  exportFormat,
  exportKind,
  exportLang,
  energyInterval,
  type EnergyInterval,
  type ExportFormat,
  type ExportKind,
  type ExportLang,
} from '@wattboard/contract';
import { z } from 'zod';

/**
 * A signed download link's claims: whose session asked (the token's hash, so
 * signing out ends the link too), which factory, meter, range (instants),
 * channels and file, until when. Signed with HMAC-SHA256; pure.
 */
export interface DownloadClaims {
  sessionHash: string;
  userId: number;
  factoryId: number;
  smartmeterId: number;
  from: number;
  to: number;
  channelIds: number[];
  format: ExportFormat;
  lang: ExportLang;
  kind: ExportKind;
  interval: EnergyInterval;
  expiresAt: number;
}

const id = z.number().int().nonnegative();
const claimsSchema = z.strictObject({
  sessionHash: z.string().regex(/^[0-9a-f]{64}$/),
  userId: id,
  factoryId: id,
  smartmeterId: id,
  from: z.number().int(),
  to: z.number().int(),
  channelIds: z.array(id).max(500),
  format: exportFormat,
  lang: exportLang,
  kind: exportKind,
  interval: energyInterval,
  expiresAt: z.number().int(),
});

const VERSION = 'd1';

function mac(body: string, secret: string): string {
  return createHmac('sha256', secret).update(`${VERSION}.${body}`, 'utf8').digest('base64url');
}

export function signDownload(claims: DownloadClaims, secret: string): string {
  const body = Buffer.from(JSON.stringify(claims), 'utf8').toString('base64url');
  return `${VERSION}.${body}.${mac(body, secret)}`;
}

/** The claims when the signature is ours and the link has not expired; otherwise null. */
export function verifyDownload(token: string, secret: string, now: number): DownloadClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3 || parts[0] !== VERSION) return null;
  const [, body = '', signature = ''] = parts;
  const expected = Buffer.from(mac(body, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const parsed = claimsSchema.safeParse(decoded);
  if (!parsed.success || parsed.data.expiresAt <= now) return null;
  return parsed.data;
}
