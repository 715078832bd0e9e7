import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminGatewayCreateResponse } from '@wattboard/contract';
import { loadTemplates } from '@wattboard/contract/meter-templates';
import { startAdminFixture, type AdminFixture } from '../../server/test/admin/admin-fixture.ts';
import { listen } from '../../server/test/hub/hub-kit.ts';
import { parseConfig } from '../src/config.ts';
import { createGateway, type Gateway } from '../src/gateway.ts';
import { fillZeros, templateImage } from './helpers/images.ts';
import { freePort, startModbusServer } from './helpers/modbus-server.ts';

/**
 * The gateway's configuration from the real Wattboard server (buildApp on PGlite, listening on a
 * free port): meters set with Admin's calls are pulled with the gateway's key, polled from a real
 * Modbus TCP server, and their readings stored by the server.
 */
const templates = loadTemplates();
const sdm630 = templates.get('eastron-sdm630')!;
const PULL_MS = 300;

const until = async (check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe('the gateway follows its configuration in the real server', () => {
  let f: AdminFixture;
  let url: string;
  let key: string;
  let gatewayId: number;
  let nodes: { id: number; serial: string }[];
  let modbus: Awaited<ReturnType<typeof startModbusServer>>;
  const dir = mkdtempSync(join(tmpdir(), 'wattboard-gateway-'));
  const gateways: Gateway[] = [];
  const logs: string[] = [];

  beforeAll(async () => {
    f = await startAdminFixture('pglite', { SIMULATOR: 'off' });
    url = await listen(f.t.app);
    const created = adminGatewayCreateResponse.parse(
      (await f.call('/v1/Admin/Gateway/Create', f.adminToken, { name: 'Panel 1' })).json(),
    );
    key = created.key;
    gatewayId = created.gateway.id;
    nodes = await f.t.testDb.db.query<{ id: number; serial: string }>(
      `SELECT id, serial FROM nodes WHERE factory_id = $1 AND type = 'smartMeter'
         AND wiring = 'a,b,c' AND serial IS NOT NULL ORDER BY id LIMIT 2`,
      [f.demoFactory],
    );
    const image = fillZeros(
      templateImage(sdm630, {
        voltage_l1: 230, voltage_l2: 231, voltage_l3: 232,
        current_l1: 10, current_l2: 11, current_l3: 12,
        kw_l1: 2000, kw_l2: 2500, kw_l3: 3000, kw_total: 7500,
        pf_l1: 0.875, pf_l2: 0.875, pf_l3: 0.875, frequency: 60,
        kwh_import: 5000.5, kwh_export: 0, kvarh_import: 100.25,
      }), 4, 18, 29,
    ); // prettier-ignore
    modbus = await startModbusServer(new Map([[1, image], [2, image]])); // prettier-ignore
  });
  afterAll(async () => {
    for (const g of gateways) await g.stop();
    await modbus?.close();
    await f?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const saveMeter = async (nodeId: number, unitId: number) => {
    const response = await f.call('/v1/Admin/Gateway/Meter/Save', f.adminToken, {
      gatewayId, nodeId, unitId, template: 'eastron-sdm630', pollIntervalMs: 1000,
      transport: { kind: 'tcp', host: '127.0.0.1', port: modbus.port },
    }); // prettier-ignore
    expect(response.json().statusCode).toBe(200);
    return response.json().meter.id as number;
  };
  const stored = async (nodeId: number) =>
    Number(
      (
        await f.t.testDb.db.query<{ n: string }>(
          'SELECT count(*) AS n FROM readings WHERE node_id = $1',
          [nodeId],
        )
      )[0]!.n,
    );
  const start = async (serverUrl: string) => {
    const config = parseConfig({
      serverUrl, gatewayKey: key, pullIntervalMs: PULL_MS,
      configCache: join(dir, 'config.json'),
      queue: { file: join(dir, `queue-${gateways.length}.sqlite`), maxRows: 10_000 },
      sender: { batchSize: 50, initialBackoffMs: 50, maxBackoffMs: 200, requestTimeoutMs: 5000 },
      busTiming: { timeoutMs: 500, retries: 1, gapMs: 0 },
    }); // prettier-ignore
    const gateway = createGateway(config, templates, (m) => logs.push(m));
    gateways.push(gateway);
    await gateway.start();
    return gateway;
  };
  const serials = (g: Gateway) => g.pollers.map((p) => p.meterSerial).sort();

  it('polls a meter added in Admin within the pull interval, stops one removed, and every poll lands', async () => {
    const [a, b] = nodes as [{ id: number; serial: string }, { id: number; serial: string }];
    const meterA = await saveMeter(a.id, 1);
    const gateway = await start(url);
    expect(serials(gateway)).toEqual([a.serial]);
    await until(async () => (await stored(a.id)) >= 2);

    const added = Date.now();
    await saveMeter(b.id, 2);
    await until(() => serials(gateway).includes(b.serial), PULL_MS * 4);
    expect(Date.now() - added).toBeLessThan(PULL_MS * 4);
    await until(async () => (await stored(b.id)) >= 1);
    expect(logs.some((l) => l.startsWith(`config: + ${b.serial}`))).toBe(true);

    const pollerA = gateway.pollers.find((p) => p.meterSerial === a.serial)!;
    const removed = await f.call('/v1/Admin/Gateway/Meter/Remove', f.adminToken, {
      gatewayId, meterId: meterA,
    }); // prettier-ignore
    expect(removed.json().statusCode).toBe(200);
    await until(() => !serials(gateway).includes(a.serial), PULL_MS * 4);
    expect(logs.some((l) => l.startsWith(`config: - ${a.serial}`))).toBe(true);
    // Stopped: no more polls; every poll it made reaches the server, none lost in the change.
    const pollsA = pollerA.stats.polls;
    await new Promise((r) => setTimeout(r, 1500));
    expect(pollerA.stats.polls).toBe(pollsA);
    await until(() => gateway.queue.size() === 0);
    expect(await stored(a.id), JSON.stringify(gateway.sender.stats)).toBe(pollsA);
    expect(await stored(b.id)).toBeGreaterThanOrEqual(1);
    expect(gateway.follower!.stats.failures).toBe(0);
    await gateway.stop();
    gateways.pop();
  });

  it('starts from the last good configuration while the server is unreachable', async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const gateway = await start(nowhere);
    expect(serials(gateway)).toEqual([nodes[1]!.serial]);
    expect(gateway.follower!.stats.failures).toBe(1);
    expect(logs.some((l) => l.includes('pull failed, keeping version'))).toBe(true);
    await until(() => gateway.pollers[0]!.stats.polls >= 1);
    expect(gateway.queue.size()).toBeGreaterThanOrEqual(1);
  });
});
