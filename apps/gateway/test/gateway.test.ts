import { afterEach, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config.ts';
import { createGateway } from '../src/gateway.ts';
import { loadTemplates } from '@wattboard/contract/meter-templates';
import { fillZeros, templateImage } from './helpers/images.ts';
import { startIngestServer } from './helpers/ingest-server.ts';
import { startModbusServer } from './helpers/modbus-server.ts';

const templates = loadTemplates();
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const until = async (check: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('the gateway from a config file', () => {
  it('polls two buses every second and forwards every poll once, in order, across an outage', async () => {
    const sdm630 = templates.get('eastron-sdm630')!;
    const sdm120 = templates.get('eastron-sdm120')!;
    const three = fillZeros(
      templateImage(sdm630, {
        voltage_l1: 230, voltage_l2: 231, voltage_l3: 232,
        current_l1: 10, current_l2: 11, current_l3: 12,
        kw_l1: 2000, kw_l2: 2500, kw_l3: 3000, kw_total: 7500,
        pf_l1: 0.875, pf_l2: 0.875, pf_l3: 0.875, frequency: 60,
        kwh_import: 5000.5, kwh_export: 0, kvarh_import: 100.25,
      }), 4, 18, 29,
    ); // prettier-ignore
    const single = templateImage(sdm120, {
      voltage_l1: 110, current_l1: 5, kw_l1: 500, pf_l1: 1,
      frequency: 60, kwh_import: 42, kwh_export: 0, kvarh_import: 1,
    }); // prettier-ignore
    const busA = await startModbusServer(new Map([[1, three], [2, single]])); // prettier-ignore
    const busB = await startModbusServer(new Map([[5, single]]));
    const ingest = await startIngestServer('gw-key');
    cleanups.push(busA.close, busB.close, ingest.close);

    const config = parseConfig({
      serverUrl: ingest.url,
      gatewayKey: 'gw-key',
      queue: { file: ':memory:', maxRows: 1000 },
      sender: { batchSize: 2, initialBackoffMs: 50, maxBackoffMs: 200 },
      buses: [
        { id: 'a', host: '127.0.0.1', port: busA.port, gapMs: 5 },
        { id: 'b', host: '127.0.0.1', port: busB.port, gapMs: 5 },
      ],
      meters: [
        { serial: 'WB-M01', wiring: 'a,b,c', bus: 'a', unitId: 1, template: 'eastron-sdm630', pollIntervalMs: 1000 },
        { serial: 'WB-M02', wiring: 'value', bus: 'a', unitId: 2, template: 'eastron-sdm120', pollIntervalMs: 1000 },
        { serial: 'WB-M03', wiring: 'value', bus: 'b', unitId: 5, template: 'eastron-sdm120', pollIntervalMs: 1000 },
      ],
    }); // prettier-ignore
    const gateway = createGateway(config, templates, () => undefined);
    cleanups.push(() => gateway.stop());
    gateway.sender.start();
    for (const p of gateway.pollers) p.start();

    // Down for the first two polls of every meter, then up.
    await until(() => gateway.pollers.every((p) => p.stats.polls >= 2));
    expect(ingest.state.stored).toEqual([]);
    expect(gateway.queue.size()).toBeGreaterThanOrEqual(6);
    ingest.state.down = false;
    await until(() => gateway.pollers.every((p) => p.stats.polls >= 3));
    for (const p of gateway.pollers) p.stop();
    await until(() => gateway.queue.size() === 0);

    const bySerial = (serial: string) => ingest.state.stored.filter((r) => r.serial === serial);
    for (const [i, poller] of gateway.pollers.entries()) {
      const got = bySerial(`WB-M0${i + 1}`);
      expect(got).toHaveLength(poller.stats.polls);
      const times = got.map((r) => Date.parse(r.ts));
      // In order, each instant once, on the whole second.
      expect(times).toEqual([...times].sort((x, y) => x - y));
      expect(new Set(times).size).toBe(times.length);
      expect(times.every((t) => t % 1000 === 0)).toBe(true);
    }
    expect(ingest.state.duplicates).toBe(0);
    expect(bySerial('WB-M01')[0]).toMatchObject({
      phases: {
        a: { voltage: 230, current: 10, kw: 2, pf: 0.875 },
        b: { voltage: 231, current: 11, kw: 2.5, pf: 0.875 },
        c: { voltage: 232, current: 12, kw: 3, pf: 0.875 },
      },
      kw: 7.5,
      kwhForward: 5000.5,
      kwhReverse: 0,
      kvarhLagging: 100.25,
      frequency: 60,
    });
    expect(bySerial('WB-M03')[0]).toMatchObject({
      phases: { value: { voltage: 110, current: 5, kw: 0.5, pf: 1 } },
      kwhForward: 42,
    });
  });

  it('fills defaults and refuses a poll interval under 1 s, an unknown bus, a bad wiring or an oversized batch', () => {
    const base = {
      serverUrl: 'http://localhost:3000',
      gatewayKey: 'k',
      buses: [{ id: 'a', host: 'h' }],
      meters: [{ serial: 'S', wiring: 'value', bus: 'a', unitId: 1, template: 't' }],
    };
    expect(parseConfig(base).meters[0]!.pollIntervalMs).toBe(60_000);
    expect(parseConfig(base).buses[0]).toMatchObject({ port: 502, timeoutMs: 1000, retries: 2 });
    // A backlog goes in the server's largest batches; more than it takes is refused here.
    expect(parseConfig(base).sender.batchSize).toBe(5000);
    expect(() => parseConfig({ ...base, sender: { batchSize: 5001 } })).toThrow(/batchSize/);
    const meter = (over: object) => ({ ...base, meters: [{ ...base.meters[0], ...over }] });
    expect(() => parseConfig(meter({ pollIntervalMs: 500 }))).toThrow(/pollIntervalMs/);
    expect(() => parseConfig(meter({ bus: 'z' }))).toThrow(/no bus "z"/);
    expect(() => parseConfig(meter({ wiring: 'abc' }))).toThrow(/wiring/);
  });
});
