import type { CrossTenantRequest } from './case-kit.ts';
import { A_GATEWAY_KEY, type Tenants } from './tenants.ts';

/** Calls a gateway makes with its key: factory A's key never reaches factory B's meters. */
export function gatewayCases(t: Tenants): Record<string, CrossTenantRequest[]> {
  const b = t.b;
  return {
    // A's gateway sending B's serial: refused as an unknown meter, nothing stored in B.
    'POST /v1/Ingest/Readings': [
      {
        method: 'POST',
        url: '/v1/Ingest/Readings',
        raw: true,
        authorization: `Bearer ${A_GATEWAY_KEY}`,
        body: {
          readings: [
            {
              serial: b.serial,
              ts: new Date(Math.floor(Date.now() / 60_000) * 60_000 - 60_000).toISOString(),
              phases: {
                a: { voltage: 1, current: 1, kw: 1 },
                b: { voltage: 1, current: 1, kw: 1 },
                c: { voltage: 1, current: 1, kw: 1 },
              },
            },
          ],
        },
        expect: 'own',
      },
    ],
    // A's gateway key answers A's gateway's meters only.
    'GET /v1/Gateway/Config': [
      {
        method: 'GET',
        url: '/v1/Gateway/Config',
        authorization: `Bearer ${A_GATEWAY_KEY}`,
        expect: 'own',
      },
    ],
    // A's gateway reporting health for B's serial: ignored (A has no such meter), nothing of B's
    // changes, and the answer holds only the server's time and A's count.
    'POST /v1/Gateway/Health': [
      {
        method: 'POST',
        url: '/v1/Gateway/Health',
        raw: true,
        authorization: `Bearer ${A_GATEWAY_KEY}`,
        body: {
          sentAt: new Date().toISOString(),
          clockOffsetMs: 0,
          meters: [
            {
              serial: b.serial,
              lastGoodAt: null,
              lastErrorAt: null,
              lastError: null,
              errors: { timeout: 1, crc: 0, connection: 0, exception: { '2': 1 } },
            },
          ],
        },
        expect: 'own',
      },
    ],
    // "Read now" (decision 0088): A's key gets only A's requests (none: 204 at once without
    // Prefer: wait) and cannot answer a request it was not handed.
    'GET /v1/Gateway/ReadNow/Next': [
      {
        method: 'GET',
        url: '/v1/Gateway/ReadNow/Next',
        raw: true,
        authorization: `Bearer ${A_GATEWAY_KEY}`,
        http: 204,
        expect: 'own',
      },
    ],
    'POST /v1/Gateway/ReadNow/Result': [
      {
        method: 'POST',
        url: '/v1/Gateway/ReadNow/Result',
        raw: true,
        authorization: `Bearer ${A_GATEWAY_KEY}`,
        body: {
          requestId: '7d0e7c52-8d0a-4c1e-9a53-2f1f3f0a9b11',
          outcome: { ok: true, values: { voltage_l1: 230 }, problems: [] },
        },
        expect: 'own',
      },
    ],
  };
}
