import { isIP } from 'node:net';

/** What we hand Fastify's `trustProxy` option: off/on, or the proxies' addresses and CIDRs. */
export type TrustProxy = boolean | string[];

/** proxy-addr's names for address ranges, accepted as list entries. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || address === undefined) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * Reads TRUST_PROXY: `true`/`false`, or a comma-separated list of proxy
 * addresses/CIDRs. It decides whether X-Forwarded-Proto and X-Forwarded-For
 * are believed, so a typo must stop start-up instead of silently trusting (or
 * ignoring) every proxy: returns an error message for anything else. A hop
 * count is refused by name: Fastify 5.12 takes one but then trusts nothing
 * (a hop count cannot check who the immediate peer is), which would look set
 * and do nothing.
 */
export function parseTrustProxy(text: string): TrustProxy | { error: string } {
  const value = text.trim().toLowerCase();
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (/^\d+$/.test(value)) {
    return {
      error:
        "a hop count trusts no proxy in Fastify 5; list the proxy's addresses (e.g. 127.0.0.1), or true when only the proxy can reach the server",
    };
  }
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const bad = entries.filter((entry) => !isAddressOrCidr(entry));
  if (entries.length === 0 || bad.length > 0) {
    return {
      error: `expected true, false, or comma-separated addresses/CIDRs${
        bad.length > 0 ? ` (not an address: ${bad.join(', ')})` : ''
      }`,
    };
  }
  return entries;
}
