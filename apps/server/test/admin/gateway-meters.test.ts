import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  adminGatewayCreateResponse,
  adminGatewayMeterListResponse,
  adminGatewayMeterSaveResponse,
  GATEWAY_METER_MESSAGES,
} from '@wattboard/contract';
import { gatewayConfigResponse } from '@wattboard/contract/gateway-config';
import { backends } from '../helpers/backends.ts';
import { startAdminFixture, type AdminFixture } from './admin-fixture.ts';

const LIST = '/v1/Admin/Gateway/Meter/List';
const SAVE = '/v1/Admin/Gateway/Meter/Save';
const REMOVE = '/v1/Admin/Gateway/Meter/Remove';
const tcp = { kind: 'tcp', host: '192.168.10.20', port: 502 };

describe.each(backends)('admin gateway meters and the gateway config on %s', (backend) => {
  let f: AdminFixture;
  let gatewayId: number;
  let key: string;
  let meterNode: { id: number; serial: string };

  beforeAll(async () => {
    f = await startAdminFixture(backend, { SIMULATOR: 'off' });
    const created = adminGatewayCreateResponse.parse(
      (await f.call('/v1/Admin/Gateway/Create', f.adminToken, { name: 'Panel 1' })).json(),
    );
    gatewayId = created.gateway.id;
    key = created.key;
    const nodes = await f.t.testDb.db.query<{ id: number; serial: string; wiring: string }>(
      `SELECT id, serial, wiring FROM nodes WHERE factory_id = $1 AND type = 'smartMeter'
         AND serial IS NOT NULL ORDER BY id`,
      [f.demoFactory],
    );
    meterNode = nodes.find((n) => n.wiring === 'a,b,c')!;
  });
  afterAll(() => f.close());

  const save = (body: Record<string, unknown>, token = f.adminToken) =>
    f.call(SAVE, token, {
      gatewayId,
      nodeId: meterNode.id,
      transport: tcp,
      unitId: 1,
      template: 'eastron-sdm630',
      pollIntervalMs: 1000,
      ...body,
    });
  const pull = (etag?: string) =>
    f.t.app.inject({
      method: 'GET',
      url: '/v1/Gateway/Config',
      headers: { authorization: `Bearer ${key}`, ...(etag ? { 'if-none-match': etag } : {}) },
    });

  it('saves, lists, serves with an ETag (304 when unchanged), changes and removes a meter', async () => {
    const empty = await pull();
    expect(empty.statusCode).toBe(200);
    expect(gatewayConfigResponse.parse(empty.json()).meters).toEqual([]);

    const saved = adminGatewayMeterSaveResponse.parse((await save({})).json());
    expect(saved.meter).toMatchObject({
      gatewayId, nodeId: meterNode.id, serial: meterNode.serial, wiring: 'a,b,c',
      transport: tcp, unitId: 1, template: 'eastron-sdm630', pollIntervalMs: 1000,
    }); // prettier-ignore
    const list = adminGatewayMeterListResponse.parse(
      (await f.call(LIST, f.adminToken, { gatewayId })).json(),
    );
    expect(list.meters).toEqual([saved.meter]);
    expect(list.templates.map((t) => t.id)).toEqual([
      'abb-a43-a44',
      'carlogavazzi-em24',
      'eastron-sdm120',
      'eastron-sdm230',
      'eastron-sdm630',
      'eastron-sdm72d-m',
      'janitza-umg96rm',
    ]);

    const first = await pull();
    const config = gatewayConfigResponse.parse(first.json());
    expect(first.headers.etag).toBe(`"${config.version}"`);
    expect(config.meters).toEqual([
      { id: saved.meter.id, serial: meterNode.serial, wiring: 'a,b,c', transport: tcp,
        unitId: 1, template: 'eastron-sdm630', pollIntervalMs: 1000 },
    ]); // prettier-ignore
    const unchanged = await pull(first.headers.etag as string);
    expect(unchanged.statusCode).toBe(304);
    expect(unchanged.body).toBe('');

    // RTU on a serial port is stored and served as set (the gateway cannot poll it yet).
    const rtu = { kind: 'rtu', path: '/dev/ttyUSB0', baudRate: 9600, parity: 'even', stopBits: 1 };
    const changed = await save({ meterId: saved.meter.id, transport: rtu, unitId: 7 });
    expect(changed.json().meter).toMatchObject({ id: saved.meter.id, transport: rtu, unitId: 7 });
    const after = await pull(first.headers.etag as string);
    expect(after.statusCode).toBe(200);
    expect(gatewayConfigResponse.parse(after.json()).meters[0]!.transport).toEqual(rtu);

    const removed = await f.call(REMOVE, f.adminToken, { gatewayId, meterId: saved.meter.id });
    expect(removed.json().statusCode).toBe(200);
    expect(gatewayConfigResponse.parse((await pull()).json()).meters).toEqual([]);
    const again = await f.call(REMOVE, f.adminToken, { gatewayId, meterId: saved.meter.id });
    expect(again.json()).toMatchObject({ statusCode: 1011, message: ADMIN_MESSAGES.notFound });
    const audit = await f.t.testDb.db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE action LIKE 'gateway.meter.%' ORDER BY id",
    );
    expect(audit.map((a) => a.action)).toEqual([
      'gateway.meter.add', 'gateway.meter.update', 'gateway.meter.remove',
    ]); // prettier-ignore
  });

  it('refuses with a message: unknown template, a template with too few phases, a virtual node, a node fed twice', async () => {
    const refused = async (body: Record<string, unknown>) => (await save(body)).json();
    expect(await refused({ template: 'acme-x1' })).toMatchObject({
      statusCode: 201, message: GATEWAY_METER_MESSAGES.unknownTemplate,
    }); // prettier-ignore
    expect((await refused({ template: 'eastron-sdm120' })).message).toMatch(
      /eastron-sdm120 measures 1 phase\(s\); wiring a,b,c needs 3/,
    );
    const [virtual] = await f.t.testDb.db.query<{ id: number }>(
      "SELECT id FROM nodes WHERE factory_id = $1 AND type = 'virtual' LIMIT 1",
      [f.demoFactory],
    );
    expect(await refused({ nodeId: virtual!.id })).toMatchObject({
      statusCode: 201, message: GATEWAY_METER_MESSAGES.notMeter,
    }); // prettier-ignore
    const first = (await save({})).json().meter.id as number;
    expect(await refused({ unitId: 2 })).toMatchObject({
      statusCode: 201, message: GATEWAY_METER_MESSAGES.nodeTaken,
    }); // prettier-ignore
    expect((await save({ meterId: first, unitId: 2 })).json().statusCode).toBe(200);
    await f.call(REMOVE, f.adminToken, { gatewayId, meterId: first });
  });

  it("keeps factories apart: another factory's gateway or node is refused, never a 500", async () => {
    const [other] = await f.t.testDb.db.query<{ id: number }>(
      `INSERT INTO nodes (factory_id, type, ch_name, name, wiring, serial)
       VALUES ($1, 'smartMeter', '柏林表', 'Berlin meter', 'a,b,c', 'BER-1') RETURNING id`,
      [f.otherFactory],
    );
    const theirNode = await save({ nodeId: other!.id });
    expect(theirNode.statusCode).toBe(200);
    expect(theirNode.json()).toMatchObject({
      statusCode: 1009,
      message: ADMIN_MESSAGES.nodeNotFound,
    });
    for (const [path, body] of [
      [LIST, { gatewayId }],
      [REMOVE, { gatewayId, meterId: 1 }],
    ] as const) {
      const response = await f.call(path, f.otherAdminToken, body);
      expect(response.statusCode, path).toBe(200);
      expect(response.json(), path).toMatchObject({
        statusCode: 1011,
        message: ADMIN_MESSAGES.notFound,
      });
    }
    const theirs = await save({ nodeId: other!.id }, f.otherAdminToken);
    expect(theirs.json()).toMatchObject({ statusCode: 1011, message: ADMIN_MESSAGES.notFound });
  });

  it('refuses bad fields with 400 naming them, a revoked gateway, and a bad or missing key', async () => {
    for (const [body, text] of [
      [{ pollIntervalMs: 999 }, 'pollIntervalMs must be at least 1000'],
      [{ transport: { kind: 'tcp', host: 'a b', port: 502 } }, 'host must be a host name'],
      [{ transport: { kind: 'tcp', host: 'h', port: 70000 } }, 'port must be 1 to 65535'],
      [
        {
          transport: {
            kind: 'rtu',
            path: '/dev/ttyS0',
            baudRate: 1234,
            parity: 'none',
            stopBits: 1,
          },
        },
        'baudRate must be one of',
      ],
      [
        { transport: { kind: 'rtuOverTcp', host: 'h', port: 4001 }, unitId: 0 },
        'unitId must be 1 to 247',
      ],
    ] as const) {
      const response = await save(body);
      expect(response.statusCode, text).toBe(400);
      expect(response.json().message, text).toContain(text);
    }
    expect((await f.t.app.inject({ method: 'GET', url: '/v1/Gateway/Config' })).statusCode).toBe(
      401,
    );
    await f.call('/v1/Admin/Gateway/Revoke', f.adminToken, { gatewayId });
    expect((await pull()).statusCode).toBe(401);
    expect((await save({})).json()).toMatchObject({
      statusCode: 201, message: GATEWAY_METER_MESSAGES.gatewayRevoked,
    }); // prettier-ignore
  });
});
