import type { NetworkInterfaceInfo } from 'node:os';
import { describe, expect, it } from 'vitest';
import { publicOrigin, type OriginSources } from '../../src/platform/http/public-origin.ts';

const iface = (address: string, family: 'IPv4' | 'IPv6', internal = false) =>
  ({ address, family, internal, netmask: '', mac: '', cidr: null }) as NetworkInterfaceInfo;

const base: OriginSources = {
  publicUrl: undefined,
  listening: { address: '0.0.0.0', family: 'IPv4', port: 3000 },
  configuredPort: 3000,
  interfaces: {
    lo: [iface('127.0.0.1', 'IPv4', true), iface('::1', 'IPv6', true)],
    eth0: [iface('fe80::1', 'IPv6'), iface('192.168.1.10', 'IPv4')],
  },
};

describe('publicOrigin', () => {
  it('prefers PUBLIC_URL, without a trailing slash', () => {
    expect(publicOrigin({ ...base, publicUrl: 'https://energy.example.com/' })).toBe(
      'https://energy.example.com',
    );
  });

  it('on every address uses the first network address and the listening port', () => {
    expect(publicOrigin(base)).toBe('http://192.168.1.10:3000');
    expect(
      publicOrigin({ ...base, listening: { address: '::', family: 'IPv6', port: 8080 } }),
    ).toBe('http://192.168.1.10:8080');
    const v6only = { eth0: [iface('fe80::1', 'IPv6'), iface('2001:db8::5', 'IPv6')] };
    expect(publicOrigin({ ...base, interfaces: v6only })).toBe('http://[2001:db8::5]:3000');
    expect(publicOrigin({ ...base, interfaces: { lo: base.interfaces['lo'] } })).toBe(
      'http://localhost:3000',
    );
  });

  it('uses the one address it listens on, and the configured port before listening', () => {
    const loopback = { address: '127.0.0.1', family: 'IPv4', port: 4000 };
    expect(publicOrigin({ ...base, listening: loopback })).toBe('http://127.0.0.1:4000');
    const v6 = { address: '2001:db8::7', family: 'IPv6', port: 4000 };
    expect(publicOrigin({ ...base, listening: v6 })).toBe('http://[2001:db8::7]:4000');
    expect(publicOrigin({ ...base, listening: null, configuredPort: 3100 })).toBe(
      'http://192.168.1.10:3100',
    );
  });
});
