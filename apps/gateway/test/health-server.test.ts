import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminGatewayCreateResponse, adminGatewayMeterListResponse } from '@wattboard/contract';
import { loadTemplates } from '@wattboard/contract/meter-templates';
import { startAdminFixture, type AdminFixture } from '../../server/test/admin/admin-fixture.ts';
import { listen } from '../../server/test/hub/hub-kit.ts';
import { parseConfig } from '../src/config.ts';
import { createGateway, type Gateway } from '../src/gateway.ts';
import { fillZeros, templateImage } from './helpers/images.ts';
import { startModbusServer } from './helpers/modbus-server.ts';

/**
 * Gateway health end to end: the real server (buildApp on PGlite), real Modbus TCP servers (one
 * answering, one unit answering exception 11, one too slow: timeouts), the gateway reporting with
 * its key, Admin's List showing it, and a meter that stops answering raising the offline event.
 */
const templates = loadTemplates();
const sdm630 = templates.get('eastron-sdm630')!;
const PULL_MS = 300;

const logs: string[] = [];
const until = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting; gateway log: ${logs.join(' | ')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('gateway health reaches the server and Admin', { timeout: 30_000 }, () => {
  let f: AdminFixture;
  let gatewayId: number;
  let gateway: Gateway;
  let nodes: { id: number; serial: string }[];
  const image = fillZeros(
    templateImage(sdm630, {
      voltage_l1: 230, voltage_l2: 231, voltage_l3: 232,
      current_l1: 10, current_l2: 11, current_l3: 12,
      kw_l1: 2000, kw_l2: 2500, kw_l3: 3000, kw_total: 7500,
      pf_l1: 0.875, pf_l2: 0.875, pf_l3: 0.875, frequency: 60,
      kwh_import: 5000.5, kwh_export: 0, kvarh_import: 100.25,
    }), 4, 18, 29,
  ); // prettier-ignore
  const units = new Map([[1, image]]);
  let fast: Awaited<ReturnType<typeof startModbusServer>>;
  let slow: Awaited<ReturnType<typeof startModbusServer>>;
  const dir = mkdtempSync(join(tmpdir(), 'wattboard-health-'));

  beforeAll(async () => {
    f = await startAdminFixture('pglite', { SIMULATOR: 'off' });
    const url = await listen(f.t.app);
    const created = adminGatewayCreateResponse.parse(
      (await f.call('/v1/Admin/Gateway/Create', f.adminToken, { name: 'Panel 1' })).json(),
    );
    gatewayId = created.gateway.id;
    nodes = await f.t.testDb.db.query<{ id: number; serial: string }>(
      `SELECT id, serial FROM nodes WHERE factory_id = $1 AND type = 'smartMeter'
         AND wiring = 'a,b,c' AND serial IS NOT NULL ORDER BY id LIMIT 3`,
      [f.demoFactory],
    );
    fast = await startModbusServer(units);
    slow = await startModbusServer(new Map([[1, image]]), 2000);
    const save = async (nodeId: number, unitId: number, port: number) => {
      const response = await f.call('/v1/Admin/Gateway/Meter/Save', f.adminToken, {
        gatewayId, nodeId, unitId, template: 'eastron-sdm630', pollIntervalMs: 1000,
        transport: { kind: 'tcp', host: '127.0.0.1', port },
      }); // prettier-ignore
      expect(response.json().statusCode).toBe(200);
    };
    await save(nodes[0]!.id, 1, fast.port);
    await save(nodes[1]!.id, 9, fast.port); // no such unit: exception 11
    await save(nodes[2]!.id, 1, slow.port); // answers after the timeout
    const config = parseConfig({
      serverUrl: url, gatewayKey: created.key, pullIntervalMs: PULL_MS,
      configCache: join(dir, 'config.json'),
      queue: { file: join(dir, 'queue.sqlite'), maxRows: 10_000 },
      sender: { batchSize: 50, initialBackoffMs: 50, maxBackoffMs: 200, requestTimeoutMs: 5000 },
      busTiming: { timeoutMs: 300, retries: 0, gapMs: 5 },
    }); // prettier-ignore
    gateway = createGateway(config, templates, (m) => logs.push(m));
    await gateway.start();
  });
  afterAll(async () => {
    await gateway?.stop();
    await fast?.close();
    await slow?.close();
    await f?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const list = async () =>
    adminGatewayMeterListResponse.parse(
      (await f.call('/v1/Admin/Gateway/Meter/List', f.adminToken, { gatewayId })).json(),
    );
  const healthOf = async (nodeId: number) =>
    (await list()).meters.find((m) => m.nodeId === nodeId)?.health ?? null;

  it('shows each meter its last good poll and its errors by kind, and the clock offset', async () => {
    await until(async () => {
      const [good, exception, timeout] = await Promise.all(nodes.map((n) => healthOf(n.id)));
      return Boolean(
        good?.lastGoodAt && exception?.errors.exception['11'] && timeout?.errors.timeout,
      );
    });
    const good = (await healthOf(nodes[0]!.id))!;
    expect(good.lastError).toBeNull();
    expect(good.errors).toEqual({ timeout: 0, crc: 0, connection: 0, exception: {} });
    const exception = (await healthOf(nodes[1]!.id))!;
    expect(exception.lastGoodAt).toBeNull();
    expect(exception.lastError).toMatch(/unit 9/);
    const timeout = (await healthOf(nodes[2]!.id))!;
    expect(timeout.lastError).toMatch(/no answer in 300 ms/);
    // Same machine, same clock: the measured offset is a few ms at most.
    await until(async () => ((await list()).gatewayHealth?.clockOffsetMs ?? null) !== null);
    const g = (await list()).gatewayHealth!;
    expect(Math.abs(g.clockOffsetMs!)).toBeLessThan(1000);
    expect(g.buses).toEqual(
      expect.arrayContaining([
        { id: `127.0.0.1:${fast.port}`, timeoutMs: 300, retries: 0, gapMs: 5, meters: 2 },
        { id: `127.0.0.1:${slow.port}`, timeoutMs: 300, retries: 0, gapMs: 5, meters: 1 },
      ]),
    );
  });

  it('raises the offline event for a meter that stops answering', async () => {
    const node = nodes[0]!;
    await until(async () => {
      const rows = await f.t.testDb.db.query('SELECT 1 FROM latest_readings WHERE node_id = $1', [
        node.id,
      ]);
      return rows.length > 0;
    });
    units.delete(1); // the meter now answers exception 11 to every request
    await until(async () => Boolean((await healthOf(node.id))?.errors.exception['11']));
    const lastGood = (await healthOf(node.id))!.lastGoodAt!;
    await f.t.app.alarms.checkOffline(new Date(Date.parse(lastGood) + 11 * 60_000));
    const events = await f.t.testDb.db.query<{ kind: string }>(
      `SELECT kind FROM events WHERE factory_id = $1 AND node_id = $2 AND target = 'offline'`,
      [f.demoFactory, node.id],
    );
    expect(events.map((e) => e.kind)).toEqual(['offline']);
  });
});
