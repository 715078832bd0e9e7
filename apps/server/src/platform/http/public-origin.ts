/**
 * Where gateways reach this server, for the instructions the Admin page shows.
 * Never the request's Host header: whoever sends the request chooses it, so a
 * forged Host would put an attacker's address (and, once pasted, the gateway's
 * key) into the command an Admin copies. Pure apart from what it is given.
 */
import type { AddressInfo } from 'node:net';
import type { NetworkInterfaceInfo } from 'node:os';

const WILDCARD_HOSTS = new Set(['', '0.0.0.0', '::', '::0', '[::]']);

export interface OriginSources {
  /** PUBLIC_URL, already validated (config.ts). */
  publicUrl: string | undefined;
  /** The listening socket's address; null before listen (tests through inject). */
  listening: Pick<AddressInfo, 'address' | 'family' | 'port'> | null;
  /** The configured port, for when nothing listens yet. */
  configuredPort: number;
  /** os.networkInterfaces(), for a server listening on every address. */
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]>;
}

/** The first address another machine on the network can reach, if any. */
function lanAddress(interfaces: OriginSources['interfaces']): string | null {
  const all = Object.values(interfaces).flatMap((list) => list ?? []);
  const external = all.filter((info) => !info.internal);
  const v4 = external.find((info) => info.family === 'IPv4');
  if (v4) return v4.address;
  const v6 = external.find((info) => info.family === 'IPv6' && !info.address.startsWith('fe80'));
  return v6 ? `[${v6.address}]` : null;
}

/**
 * PUBLIC_URL when configured (behind a proxy, with TLS or a name), otherwise
 * the server's own address: the one it listens on, or, listening on every
 * address, its first network address (localhost when it has none).
 */
export function publicOrigin(sources: OriginSources): string {
  if (sources.publicUrl) return sources.publicUrl.replace(/\/+$/, '');
  const port = sources.listening?.port ?? sources.configuredPort;
  const bound = sources.listening?.address ?? '';
  let host: string;
  if (!WILDCARD_HOSTS.has(bound)) {
    host = sources.listening?.family === 'IPv6' ? `[${bound}]` : bound;
  } else {
    host = lanAddress(sources.interfaces) ?? 'localhost';
  }
  return `http://${host}:${port}`;
}
