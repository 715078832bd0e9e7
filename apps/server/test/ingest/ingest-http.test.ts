import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ingestResponse, StatusCode } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { expectNoStackTrace } from '../helpers/test-app.ts';
import {
  addGateway,
  addOtherFactory,
  nodeIdBySerial,
  startIngestApp,
  storedReadings,
  wire3,
  type IngestTestApp,
} from './ingest-app.ts';

const URL = '/v1/Ingest/Readings';
const DEMO_KEY = 'demo-gateway-key-for-tests-0123456789abcdef';
const REVOKED_KEY = 'revoked-gateway-key-0123456789abcdef';
const BERLIN_KEY = 'berlin-gateway-key-0123456789abcdef';

/** Minute-aligned instants in the recent past: the ingest clock refuses the future. */
const BASE_MS = Math.floor(Date.now() / 60_000) * 60_000 - 6 * 3600_000;
const at = (minutes: number) => new Date(BASE_MS + minutes * 60_000).toISOString();

describe.each(backends)('POST /v1/Ingest/Readings on %s', (backend) => {
  let t: IngestTestApp;
  let berlin: { factoryId: number; meterId: number };

  beforeAll(async () => {
    t = await startIngestApp(backend);
    await addGateway(t.db, t.demoFactoryId, DEMO_KEY);
    await addGateway(t.db, t.demoFactoryId, REVOKED_KEY, true);
    berlin = await addOtherFactory(t.db);
    await addGateway(t.db, berlin.factoryId, BERLIN_KEY);
  });
  afterAll(() => t?.close());

  const post = (payload: unknown, key: string | null = DEMO_KEY) =>
    t.app.inject({
      method: 'POST',
      url: URL,
      payload: payload as object,
      headers: key === null ? {} : { authorization: `Bearer ${key}` },
    });

  it('stores a good batch and says how many it accepted', async () => {
    const readings = [0, 1, 2].map((m) => wire3('WB-M01-C2', at(m), 100 + m * 0.1));
    const response = await post({ readings });
    expect(response.statusCode).toBe(200);
    const body = ingestResponse.parse(response.json());
    expect(body).toEqual({ accepted: 3, duplicates: 0, rejected: [] });

    const rows = await storedReadings(
      t.db,
      await nodeIdBySerial(t.db, t.demoFactoryId, 'WB-M01-C2'),
    );
    expect(rows.map((row) => row.ts.toISOString())).toEqual([at(0), at(1), at(2)]);
    expect(rows.map((row) => row.kwh_forward)).toEqual([100, 100.1, 100.2]);
    expect(rows[0]!.kw).toBeCloseTo(6, 10);
    expect(rows[0]!.phases.b).toEqual({ voltage: 220.5, current: 10.2, kw: 2, pf: 0.95 });
  });

  it('keeps the good readings of a mixed batch and rejects each bad one with its reason', async () => {
    const good = (m: number) => wire3('WB-M01-C3', at(m), 50 + m);
    const future = new Date(Date.now() + 10 * 60_000).toISOString();
    const readings = [
      good(0),
      { ...good(1), serial: 'WB-NOPE' },
      { ...good(2), ts: future },
      { ...good(3), phases: { ...good(3).phases, a: { voltage: 'NaN', current: 1, kw: 1 } } },
      { ...good(4), phases: { ...good(4).phases, b: { voltage: -5, current: 1, kw: 1 } } },
      { ...good(5), phases: { l1: good(5).phases.a, l2: good(5).phases.b } },
      good(6),
    ];
    const response = await post({ readings });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.accepted).toBe(2);
    expect(body.duplicates).toBe(0);
    expect(body.rejected).toEqual([
      { index: 1, serial: 'WB-NOPE', reason: 'unknown meter serial "WB-NOPE"' },
      {
        index: 2,
        serial: 'WB-M01-C3',
        reason: expect.stringMatching(/^timestamp .* is in the future/),
      },
      { index: 3, serial: 'WB-M01-C3', reason: 'phases.a.voltage: not a number ("NaN")' },
      { index: 4, serial: 'WB-M01-C3', reason: 'phases.b.voltage: negative voltage (-5)' },
      {
        index: 5,
        serial: 'WB-M01-C3',
        reason: 'phase keys (l1, l2) do not match the wiring a,b,c: needs a, b, c',
      },
    ]);
    const rows = await storedReadings(
      t.db,
      await nodeIdBySerial(t.db, t.demoFactoryId, 'WB-M01-C3'),
    );
    expect(rows.map((row) => row.ts.toISOString())).toEqual([at(0), at(6)]);
  });

  it('refuses a NUL-byte serial and absurd values on their own, storing the good readings', async () => {
    const readings = [
      wire3('WB-M02-C1', at(300), 10),
      { ...wire3('WB-M02-C1', at(301), 11), serial: 'WB-M02-C1\u0000' },
      wire3('WB-M02-C1', at(302), 12),
      {
        ...wire3('WB-M02-C1', at(303), 13),
        phases: { ...wire3('x', at(0), 0).phases, a: { voltage: 1e308, current: 1, kw: 1 } },
      },
      { ...wire3('WB-M02-C1', at(304), 2e12) },
    ];
    const response = await post({ readings });
    expect(response.statusCode).toBe(200);
    expect(ingestResponse.parse(response.json())).toEqual({
      accepted: 2,
      duplicates: 0,
      rejected: [
        {
          index: 1,
          serial: 'WB-M02-C1\u0000',
          reason: 'serial: must not contain control characters (such as NUL)',
        },
        {
          index: 3,
          serial: 'WB-M02-C1',
          reason: 'phases.a.voltage: voltage out of range 0..1000000 V (1e+308)',
        },
        {
          index: 4,
          serial: 'WB-M02-C1',
          reason: 'kwhForward: counter out of range 0..1000000000000 kWh (2000000000000)',
        },
      ],
    });
    const node = await nodeIdBySerial(t.db, t.demoFactoryId, 'WB-M02-C1');
    expect((await storedReadings(t.db, node)).map((row) => row.kwh_forward)).toEqual([10, 12]);
  });

  it('treats a re-sent batch as duplicates and stores nothing twice', async () => {
    const readings = [10, 11].map((m) => wire3('WB-M01-C4', at(m), 7 + m));
    expect((await post({ readings })).json()).toEqual({ accepted: 2, duplicates: 0, rejected: [] });
    const again = await post({ readings: [...readings, wire3('WB-M01-C4', at(12), 19)] });
    expect(again.json()).toEqual({ accepted: 1, duplicates: 2, rejected: [] });
    const inBatch = await post({
      readings: [wire3('WB-M01-C4', at(13), 20), wire3('WB-M01-C4', at(13), 20)],
    });
    expect(inBatch.json()).toEqual({ accepted: 1, duplicates: 1, rejected: [] });
    const rows = await storedReadings(
      t.db,
      await nodeIdBySerial(t.db, t.demoFactoryId, 'WB-M01-C4'),
    );
    expect(rows).toHaveLength(4);
  });

  it('refuses a missing, unknown or revoked key with 401 and 1007, before looking at the body', async () => {
    const readings = [wire3('WB-M01-C2', at(30), 200)];
    for (const key of [null, 'not-a-real-key', REVOKED_KEY]) {
      const response = await post({ readings }, key);
      expect(response.statusCode, String(key)).toBe(401);
      expect(response.json()).toMatchObject({ statusCode: StatusCode.TokenExpired, action: URL });
      expect(response.json().message).toMatch(/gateway ingest key/);
    }
    expect((await post({ nonsense: true }, 'not-a-real-key')).statusCode).toBe(401);
    const rows = await storedReadings(
      t.db,
      await nodeIdBySerial(t.db, t.demoFactoryId, 'WB-M01-C2'),
    );
    expect(rows.map((row) => row.ts.toISOString())).not.toContain(at(30));
  });

  it('answers a malformed body with 400 naming the field', async () => {
    const cases: [unknown, RegExp][] = [
      [{}, /^readings: /],
      [{ readings: 'all of them' }, /^readings: /],
      [{ readings: [] }, /^readings: send at least one reading$/],
      [{ readings: [wire3('WB-M01-C2', at(40), 1), 17] }, /^readings\.1: .*expected object/],
    ];
    for (const [payload, message] of cases) {
      const response = await post(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ statusCode: StatusCode.Fail });
      expect(response.json().message).toMatch(message);
      expectNoStackTrace(response.body);
    }
    const notJson = await t.app.inject({
      method: 'POST',
      url: URL,
      payload: '{"readings": [',
      headers: { authorization: `Bearer ${DEMO_KEY}`, 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('never writes into another factory: its serials are unknown to this gateway', async () => {
    // Berlin has a meter with serial WB-M01-C1 too; the demo gateway's reading goes to the demo node.
    const demoReading = wire3('WB-M01-C1', at(50), 300);
    expect((await post({ readings: [demoReading] })).json()).toMatchObject({ accepted: 1 });
    expect(await storedReadings(t.db, berlin.meterId)).toEqual([]);
    const demoNode = await nodeIdBySerial(t.db, t.demoFactoryId, 'WB-M01-C1');
    expect((await storedReadings(t.db, demoNode)).map((row) => row.kwh_forward)).toEqual([300]);

    // And the Berlin gateway cannot reach the demo factory's meters.
    const response = await post({ readings: [wire3('WB-M02', at(51), 1)] }, BERLIN_KEY);
    expect(response.json()).toEqual({
      accepted: 0,
      duplicates: 0,
      rejected: [{ index: 0, serial: 'WB-M02', reason: 'unknown meter serial "WB-M02"' }],
    });
  });

  it('takes a full batch of 5000 readings, larger than the API’s usual 1 MB body limit', async () => {
    const serials = ['WB-M04-C1', 'WB-M04-C2', 'WB-M04-C3', 'WB-M04-C4', 'WB-M04'];
    const readings = serials.flatMap((serial) =>
      Array.from({ length: 1000 }, (_, i) => wire3(serial, at(-1000 + i), 1000 + i * 0.05)),
    );
    expect(JSON.stringify({ readings }).length).toBeGreaterThan(1024 * 1024);
    const response = await post({ readings });
    expect(response.json()).toEqual({ accepted: 5000, duplicates: 0, rejected: [] });
    const rows = await storedReadings(t.db, await nodeIdBySerial(t.db, t.demoFactoryId, 'WB-M04'));
    expect(rows).toHaveLength(1000);
  });
});
