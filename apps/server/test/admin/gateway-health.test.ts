import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminGatewayCreateResponse, adminGatewayMeterListResponse } from '@wattboard/contract';
import { gatewayHealthResponse } from '@wattboard/contract/gateway-config';
import { backends } from '../helpers/backends.ts';
import { startAdminFixture, type AdminFixture } from './admin-fixture.ts';

/** POST /v1/Gateway/Health (decision 0071): the key's check, validation, storage, Admin's List. */
describe.each(backends)('gateway health on %s', (backend) => {
  let f: AdminFixture;
  let gatewayId: number;
  let key: string;
  let node: { id: number; serial: string };
  let meterId: number;

  beforeAll(async () => {
    f = await startAdminFixture(backend, { SIMULATOR: 'off' });
    const created = adminGatewayCreateResponse.parse(
      (await f.call('/v1/Admin/Gateway/Create', f.adminToken, { name: 'Panel 1' })).json(),
    );
    gatewayId = created.gateway.id;
    key = created.key;
    [node] = (await f.t.testDb.db.query<{ id: number; serial: string }>(
      `SELECT id, serial FROM nodes WHERE factory_id = $1 AND type = 'smartMeter'
         AND wiring = 'a,b,c' AND serial IS NOT NULL ORDER BY id LIMIT 1`,
      [f.demoFactory],
    )) as [{ id: number; serial: string }];
    const saved = await f.call('/v1/Admin/Gateway/Meter/Save', f.adminToken, {
      gatewayId, nodeId: node.id, unitId: 3, template: 'eastron-sdm630', pollIntervalMs: 1000,
      transport: { kind: 'tcp', host: '10.0.0.5', port: 502 },
    }); // prettier-ignore
    meterId = saved.json().meter.id;
  });
  afterAll(() => f.close());

  const report = (body: unknown, authorization = `Bearer ${key}`) =>
    f.t.app.inject({
      method: 'POST',
      url: '/v1/Gateway/Health',
      headers: { authorization },
      payload: body as object,
    });
  const list = async () =>
    adminGatewayMeterListResponse.parse(
      (await f.call('/v1/Admin/Gateway/Meter/List', f.adminToken, { gatewayId })).json(),
    );
  const meterReport = (serial: string, timeouts: number) => ({
    serial,
    lastGoodAt: '2026-11-28T10:00:00.000Z',
    lastErrorAt: '2026-11-28T10:00:05.000Z',
    lastError: 'unit 3 on 10.0.0.5:502: no answer in 1000 ms',
    errors: { timeout: timeouts, crc: 1, connection: 0, exception: { '2': 4, '11': 1 } },
  });
  const bus = { id: '10.0.0.5:502', timeoutMs: 1000, retries: 2, gapMs: 20, meters: 1 };

  it('is null in Admin before any report', async () => {
    const answer = await list();
    expect(answer.gatewayHealth).toBeNull();
    expect(answer.meters.find((m) => m.id === meterId)!.health).toBeNull();
  });

  it('stores the latest report and shows it in Admin; an unknown serial is ignored', async () => {
    const first = await report({
      sentAt: new Date().toISOString(), clockOffsetMs: null,
      meters: [meterReport(node.serial, 2), meterReport('NOT-OURS', 9)], buses: [bus],
    }); // prettier-ignore
    expect(first.statusCode).toBe(200);
    const answer = gatewayHealthResponse.parse(first.json());
    expect(answer.stored).toBe(1);
    expect(Math.abs(Date.parse(answer.serverTime) - Date.now())).toBeLessThan(5000);

    const second = await report({
      sentAt: new Date().toISOString(), clockOffsetMs: -7200,
      meters: [meterReport(node.serial, 5)], buses: [bus],
    }); // prettier-ignore
    expect(second.statusCode).toBe(200);
    const shown = await list();
    expect(shown.gatewayHealth).toMatchObject({ clockOffsetMs: -7200, buses: [bus] });
    expect(shown.meters.find((m) => m.id === meterId)!.health).toMatchObject({
      lastGoodAt: '2026-11-28T10:00:00.000Z',
      lastErrorAt: '2026-11-28T10:00:05.000Z',
      lastError: 'unit 3 on 10.0.0.5:502: no answer in 1000 ms',
      errors: { timeout: 5, crc: 1, connection: 0, exception: { '2': 4, '11': 1 } },
    });
  });

  it('refuses a missing or wrong key with 401 and a bad body with 400, never 500', async () => {
    const good = { sentAt: new Date().toISOString(), clockOffsetMs: 0, meters: [] };
    expect((await report(good, '')).statusCode).toBe(401);
    expect((await report(good, 'Bearer wbg_nope')).statusCode).toBe(401);
    for (const bad of [
      {},
      { ...good, sentAt: '0001-01-01T00:00:00Z' },
      { ...good, clockOffsetMs: 1.5 },
      { ...good, meters: [{ ...meterReport(node.serial, -1) }] },
      {
        ...good,
        meters: [
          {
            ...meterReport(node.serial, 1),
            errors: { timeout: 0, crc: 0, connection: 0, exception: { x: 1 } },
          },
        ],
      },
      { ...good, meters: Array.from({ length: 1001 }, () => meterReport(node.serial, 1)) },
    ]) {
      expect((await report(bad)).statusCode, JSON.stringify(bad).slice(0, 200)).toBe(400);
    }
  });

  it('drops a meter’s health with the meter', async () => {
    const removed = await f.call('/v1/Admin/Gateway/Meter/Remove', f.adminToken, {
      gatewayId,
      meterId,
    });
    expect(removed.json().statusCode).toBe(200);
    const rows = await f.t.testDb.db.query(
      'SELECT 1 FROM gateway_meter_health WHERE meter_id = $1',
      [meterId],
    );
    expect(rows).toEqual([]);
  });
});
