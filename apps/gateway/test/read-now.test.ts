import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminGatewayCreateResponse,
  adminTemplateReadNowResponse,
  adminTemplateSaveResponse,
  templateDraft,
  USER_TEMPLATE_MESSAGES,
} from '@wattboard/contract';
import { loadTemplates } from '@wattboard/contract/meter-templates';
import { startAdminFixture, type AdminFixture } from '../../server/test/admin/admin-fixture.ts';
import { listen } from '../../server/test/hub/hub-kit.ts';
import { parseConfig } from '../src/config.ts';
import { createGateway, type Gateway } from '../src/gateway.ts';
import { templateImage } from './helpers/images.ts';
import { freePort, startModbusServer } from './helpers/modbus-server.ts';

/**
 * "Read now" and Admin-defined templates end to end (decision 0088): the real server (buildApp on
 * PGlite, listening), the real gateway given only the URL and its key, and a real Modbus TCP
 * server (modbus-serial's ServerTCP) holding a meter typed in by hand: mixed types and orders.
 */
const draft = {
  manufacturer: 'Acme',
  model: 'PM-3',
  phases: 3,
  maxRegistersPerRead: 20,
  maxGap: 0,
  registers: [
    ...[1, 2, 3].map((n) => ({ quantity: `voltage_l${n}`, functionCode: 4, address: (n - 1) * 2, type: 'float32', unit: 'V' })),
    ...[1, 2, 3].map((n) => ({ quantity: `current_l${n}`, functionCode: 4, address: 6 + n - 1, type: 'uint16', multiplier: 0.01, unit: 'A' })),
    ...[1, 2, 3].map((n) => ({ quantity: `kw_l${n}`, functionCode: 4, address: 10 + n - 1, type: 'int16', unit: 'W' })),
    { quantity: 'kwh_import', functionCode: 3, address: 100, type: 'uint32', wordOrder: 'little', multiplier: 0.1, unit: 'kWh' },
    { quantity: 'frequency', functionCode: 3, address: 110, type: 'float32', byteSwap: true, unit: 'Hz' },
  ],
}; // prettier-ignore
const raw = {
  voltage_l1: 230.5, voltage_l2: 231.25, voltage_l3: 229.75,
  current_l1: 1025, current_l2: 1050, current_l3: 1075,
  kw_l1: 2000, kw_l2: -250, kw_l3: 3000,
  kwh_import: 123456789, frequency: 59.875,
}; // prettier-ignore
/** The same in the server's units: A ×0.01, W → kW, kWh ×0.1. */
const expected = {
  voltage_l1: 230.5, voltage_l2: 231.25, voltage_l3: 229.75,
  current_l1: 10.25, current_l2: 10.5, current_l3: 10.75,
  kw_l1: 2, kw_l2: -0.25, kw_l3: 3,
  kwh_import: 12345678.9, frequency: 59.875,
}; // prettier-ignore

const until = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('read now and an Admin-defined template through the real server and gateway', () => {
  let f: AdminFixture;
  let key: string;
  let gatewayId: number;
  let gateway: Gateway;
  let stopped = false;
  let modbus: Awaited<ReturnType<typeof startModbusServer>>;
  const dir = mkdtempSync(join(tmpdir(), 'wattboard-read-now-'));
  const logs: string[] = [];

  beforeAll(async () => {
    f = await startAdminFixture('pglite', { SIMULATOR: 'off' });
    const url = await listen(f.t.app);
    const created = adminGatewayCreateResponse.parse(
      (await f.call('/v1/Admin/Gateway/Create', f.adminToken, { name: 'Panel 1' })).json(),
    );
    key = created.key;
    gatewayId = created.gateway.id;
    const image = templateImage({ ...templateDraft.parse(draft), id: 'x', notes: [] }, raw);
    modbus = await startModbusServer(new Map([[5, image]]));
    const config = parseConfig({
      serverUrl: url, gatewayKey: key, pullIntervalMs: 300,
      configCache: join(dir, 'config.json'),
      queue: { file: join(dir, 'queue.sqlite'), maxRows: 10_000 },
      sender: { batchSize: 50, initialBackoffMs: 50, maxBackoffMs: 200, requestTimeoutMs: 5000 },
      busTiming: { timeoutMs: 500, retries: 1, gapMs: 0 },
    }); // prettier-ignore
    gateway = createGateway(config, loadTemplates(), (m) => logs.push(m));
    await gateway.start();
  });
  afterAll(async () => {
    if (!stopped) await gateway?.stop();
    await modbus?.close();
    // The gateway's keep-alive connections (its long poll among them) stay open in this process's
    // pool after it stops; a real gateway's process ends with them.
    f?.t.app.server.closeAllConnections();
    await f?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const readNow = async (body: Record<string, unknown>) =>
    f.call('/v1/Admin/Gateway/Template/ReadNow', f.adminToken, {
      gatewayId, meterId: null, definition: draft,
      transport: { kind: 'tcp', host: '127.0.0.1', port: modbus.port }, unitId: 5, ...body,
    }); // prettier-ignore

  it('reads a meter once with a draft and answers its decoded values with units', async () => {
    const started = Date.now();
    const answer = adminTemplateReadNowResponse.parse((await readNow({})).json());
    expect(Date.now() - started).toBeLessThan(3000);
    expect(answer.outcome).toEqual({ ok: true, values: expected, problems: [] });
    expect(answer.values.map((v) => [v.quantity, v.value, v.unit])).toEqual([
      ['voltage_l1', 230.5, 'V'], ['voltage_l2', 231.25, 'V'], ['voltage_l3', 229.75, 'V'],
      ['current_l1', 10.25, 'A'], ['current_l2', 10.5, 'A'], ['current_l3', 10.75, 'A'],
      ['kw_l1', 2, 'kW'], ['kw_l2', -0.25, 'kW'], ['kw_l3', 3, 'kW'],
      ['kwh_import', 12345678.9, 'kWh'], ['frequency', 59.875, 'Hz'],
    ]); // prettier-ignore
    expect(logs.some((l) => l.startsWith('read now: unit 5 at 127.0.0.1:'))).toBe(true);
  });

  it('answers the Modbus error: exception 2, exception 11, a refused connection', async () => {
    const wrongAddress = { ...draft, registers: [...draft.registers.slice(0, -1), { ...draft.registers.at(-1)!, address: 300 }] }; // prettier-ignore
    const exception2 = adminTemplateReadNowResponse.parse((await readNow({ definition: wrongAddress })).json()); // prettier-ignore
    expect(exception2.outcome).toMatchObject({ ok: false, error: { kind: 'exception', code: 2 } });
    const noUnit = adminTemplateReadNowResponse.parse((await readNow({ unitId: 9 })).json());
    expect(noUnit.outcome).toMatchObject({ ok: false, error: { kind: 'exception', code: 11 } });
    const closed = { kind: 'tcp', host: '127.0.0.1', port: await freePort() };
    const refused = adminTemplateReadNowResponse.parse((await readNow({ transport: closed })).json()); // prettier-ignore
    expect(refused.outcome).toMatchObject({ ok: false, error: { kind: 'connection', code: null } });
  });

  it('saves the template, a meter uses it, and the gateway polls it into stored readings', async () => {
    const saved = adminTemplateSaveResponse.parse(
      (await f.call('/v1/Admin/Gateway/Template/Save', f.adminToken, { definition: draft })).json(),
    );
    const [node] = await f.t.testDb.db.query<{ id: number; serial: string }>(
      `SELECT id, serial FROM nodes WHERE factory_id = $1 AND type = 'smartMeter'
         AND wiring = 'a,b,c' AND serial IS NOT NULL ORDER BY id LIMIT 1`,
      [f.demoFactory],
    );
    const meter = await f.call('/v1/Admin/Gateway/Meter/Save', f.adminToken, {
      gatewayId, nodeId: node!.id, unitId: 5, template: saved.template.id, pollIntervalMs: 1000,
      transport: { kind: 'tcp', host: '127.0.0.1', port: modbus.port },
    }); // prettier-ignore
    expect(meter.json().statusCode).toBe(200);
    await until(() => gateway.pollers.some((p) => p.meterSerial === node!.serial));
    await until(async () => {
      const rows = await f.t.testDb.db.query('SELECT 1 FROM readings WHERE node_id = $1', [node!.id]); // prettier-ignore
      return rows.length > 0;
    });
    const [row] = await f.t.testDb.db.query<{ phases: unknown; kwh_forward: number; frequency: number }>(
      'SELECT phases, kwh_forward, frequency FROM readings WHERE node_id = $1 ORDER BY ts LIMIT 1',
      [node!.id],
    ); // prettier-ignore
    expect(row!.kwh_forward).toBe(12345678.9);
    expect(row!.frequency).toBe(59.875);
    expect(row!.phases).toEqual({
      a: { voltage: 230.5, current: 10.25, kw: 2, pf: null },
      b: { voltage: 231.25, current: 10.5, kw: -0.25, pf: null },
      c: { voltage: 229.75, current: 10.75, kw: 3, pf: null },
    });
    // Read now on that meter uses its transport and unit id, through the running bus.
    const byMeter = adminTemplateReadNowResponse.parse(
      (await readNow({ meterId: meter.json().meter.id, transport: undefined, unitId: undefined })).json(),
    ); // prettier-ignore
    expect(byMeter.outcome).toEqual({ ok: true, values: expected, problems: [] });
  });

  it('says the gateway did not answer when it is stopped', async () => {
    await gateway.stop();
    stopped = true;
    const started = Date.now();
    const answer = await readNow({});
    expect(answer.json()).toMatchObject({ statusCode: 201, message: USER_TEMPLATE_MESSAGES.gatewayOffline }); // prettier-ignore
    expect(Date.now() - started).toBeLessThan(8000);
  });
});
