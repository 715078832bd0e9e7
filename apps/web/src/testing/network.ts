import { vi } from 'vitest';

/** A JSON answer as the server would send it. */
export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

type Handler = (path: string, init: RequestInit) => Response | Promise<Response>;

/**
 * Replaces `fetch` (the network boundary) with a handler keyed by path. Every
 * request is recorded with its parsed body, so tests can check the envelope.
 */
export function stubNetwork(handler: Handler) {
  const requests: { path: string; init: RequestInit; body: unknown }[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const path = `${url.pathname}${url.search}`;
    requests.push({ path, init, body: init.body ? JSON.parse(String(init.body)) : undefined });
    return handler(path, init);
  });
  vi.stubGlobal('fetch', fetchStub);
  return { requests, fetchStub };
}

export const envelope = (email: string | null, action: string) => ({
  action,
  statusCode: 200,
  email,
  username: email ? 'demo' : null,
  token: null,
  dtTokenExpire: null,
});

export const demoChannels = [
  { id: 7, chName: '總進線', name: 'Incoming supply', type: 'virtual', isVirtual: true },
  { id: 8, chName: '空壓機', name: 'Air compressor', type: 'circuit', isVirtual: false },
  { id: 9, chName: '一號電表', name: 'Meter 1', type: 'smartMeter', isVirtual: false },
];

export function channelListBody(overrides: Record<string, unknown> = {}) {
  return {
    ...envelope('demo@wattboard.local', '/v1/Web/Factory/Channel/List'),
    dtNowFactory: '2026-11-21T14:03:05+08:00',
    timeZone: 'Asia/Taipei',
    channelList: demoChannels,
    ...overrides,
  };
}
