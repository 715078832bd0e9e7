import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addGateway,
  startIngestApp,
  storedReadings,
  type IngestTestApp,
} from '../../server/test/ingest/ingest-app.ts';
import { ModbusBus } from '../src/modbus/bus.ts';
import { MeterPoller } from '../src/poller.ts';
import { ReadingQueue } from '../src/queue/queue.ts';
import { Sender } from '../src/queue/sender.ts';
import { loadTemplates } from '@wattboard/contract/meter-templates';
import { fillZeros, templateImage } from './helpers/images.ts';
import { startModbusServer } from './helpers/modbus-server.ts';

/**
 * The whole path against the real Wattboard server (its ingest parts on PGlite, as the server's
 * own ingest tests build them): Modbus TCP meter → poll → local queue → POST /v1/Ingest/Readings
 * → stored rows.
 */
const KEY = 'gateway-test-key-0123456789abcdef0123456789';
const sdm630 = loadTemplates().get('eastron-sdm630')!;

describe('gateway → real Wattboard server', () => {
  let t: IngestTestApp;
  let url: string;

  beforeAll(async () => {
    t = await startIngestApp('pglite');
    await addGateway(t.db, t.demoFactoryId, KEY);
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  it('stores exactly the polled values, once each, queued while the server was not yet known', async () => {
    const [node] = await t.db.query<{ id: number; serial: string }>(
      `SELECT id, serial FROM nodes WHERE factory_id = $1 AND type = 'smartMeter'
         AND wiring = 'a,b,c' ORDER BY id LIMIT 1`,
      [t.demoFactoryId],
    );
    const image = fillZeros(
      templateImage(sdm630, {
        voltage_l1: 220.5, voltage_l2: 221.5, voltage_l3: 222.5,
        current_l1: 10.25, current_l2: 10.5, current_l3: 10.75,
        kw_l1: 2000, kw_l2: 2250, kw_l3: 2500, kw_total: 6750,
        pf_l1: 0.9375, pf_l2: 0.9375, pf_l3: 0.9375, frequency: 60,
        kwh_import: 987654.5, kwh_export: 1.5, kvarh_import: 4321.25,
      }), 4, 18, 29,
    ); // prettier-ignore
    const modbus = await startModbusServer(new Map([[1, image]]));
    const bus = new ModbusBus({
      host: '127.0.0.1', port: modbus.port, timeoutMs: 500, retries: 1, gapMs: 0,
    }); // prettier-ignore
    const queue = new ReadingQueue({ file: ':memory:', maxRows: 100 });
    const meter = {
      serial: node!.serial, wiring: 'a,b,c' as const, bus: 'a', unitId: 1,
      template: sdm630.id, pollIntervalMs: 1000,
    }; // prettier-ignore
    const poller = new MeterPoller(meter, sdm630, bus, queue);
    // Three polls a minute apart in the recent past, queued before anything is sent.
    const base = Math.floor(Date.now() / 60_000) * 60_000 - 10 * 60_000;
    for (const m of [0, 1, 2])
      expect(await poller.pollOnce(new Date(base + m * 60_000))).toBe(true);
    expect(queue.size()).toBe(3);
    const bodies = queue.peek(10).map((r) => r.body);

    const sender = new Sender(queue, {
      serverUrl: url, gatewayKey: KEY, batchSize: 2,
      initialBackoffMs: 50, maxBackoffMs: 50, requestTimeoutMs: 10_000,
    }); // prettier-ignore
    expect(await sender.sendOnce()).toBe('sent');
    expect(await sender.sendOnce()).toBe('sent');
    expect(await sender.sendOnce()).toBe('empty');
    // Sent again, as after an acknowledgement lost on the way: duplicates, nothing stored twice.
    queue.push(bodies);
    expect(await sender.sendOnce()).toBe('sent');
    expect(await sender.sendOnce()).toBe('sent');
    const rows = await storedReadings(t.db, node!.id);
    expect(rows.map((r) => r.ts.getTime())).toEqual([base, base + 60_000, base + 120_000]);
    expect(rows[0]!.kwh_forward).toBe(987654.5);
    expect(rows[0]!.kwh_reverse).toBe(1.5);
    expect(rows[0]!.kw).toBe(6.75);
    expect(rows[0]!.phases).toEqual({
      a: { voltage: 220.5, current: 10.25, kw: 2, pf: 0.9375 },
      b: { voltage: 221.5, current: 10.5, kw: 2.25, pf: 0.9375 },
      c: { voltage: 222.5, current: 10.75, kw: 2.5, pf: 0.9375 },
    });
    expect(sender.stats).toEqual({ acknowledged: 6, duplicates: 3, rejected: 0, failures: 0 });
    await bus.close();
    await modbus.close();
    queue.close();
  });
});
