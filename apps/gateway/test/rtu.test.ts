import { afterEach, describe, expect, it } from 'vitest';
import { loadTemplates } from '@wattboard/contract/meter-templates';
import { parseConfig } from '../src/config.ts';
import { createGateway } from '../src/gateway.ts';
import { ModbusBus, type BusOptions } from '../src/modbus/bus.ts';
import { readMeter } from '../src/modbus/read-meter.ts';
import { MeterPoller } from '../src/poller.ts';
import { ReadingQueue } from '../src/queue/queue.ts';
import { fillZeros, templateImage } from './helpers/images.ts';
import { hasSocat, socatSkipReason, startRtuSlave } from './helpers/rtu-slave.ts';

/**
 * Modbus RTU through a real serial stack: socat's pseudo-terminal pair, modbus-serial's
 * ServerSerial as the meters, and the gateway's own bus (connectRTUBuffered on the serialport
 * package, or connectTcpRTUBuffered through socat listening on TCP). No Modbus mock.
 */

if (!hasSocat && process.env.CI) {
  throw new Error(`${socatSkipReason}; CI must run them`);
}
if (!hasSocat) console.warn(`rtu.test.ts skipped: ${socatSkipReason}`);

const templates = loadTemplates();
const sdm630 = templates.get('eastron-sdm630')!;
const sdm120 = templates.get('eastron-sdm120')!;
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

// Raw values in the manual's units (float32-exact, so the expectations can be exact).
const sdm630Raw = {
  voltage_l1: 230.5, voltage_l2: 229.25, voltage_l3: 231,
  current_l1: 12.25, current_l2: 8.5, current_l3: 0,
  kw_l1: 2816, kw_l2: -1500, kw_l3: 0,
  pf_l1: 0.5, pf_l2: -0.75, pf_l3: 1,
  kw_total: 1316, frequency: 60,
  kwh_import: 12345.5, kwh_export: 67.25, kvarh_import: 4567.75,
}; // prettier-ignore
const sdm630Values = {
  voltage_l1: 230.5, voltage_l2: 229.25, voltage_l3: 231,
  current_l1: 12.25, current_l2: 8.5, current_l3: 0,
  kw_l1: 2.816, kw_l2: -1.5, kw_l3: 0,
  pf_l1: 0.5, pf_l2: -0.75, pf_l3: 1,
  kw_total: 1.316, frequency: 60,
  kwh_import: 12345.5, kwh_export: 67.25, kvarh_import: 4567.75,
}; // prettier-ignore
const sdm630Image = () => fillZeros(templateImage(sdm630, sdm630Raw), 4, 18, 29);
const sdm120Raw = {
  voltage_l1: 110, current_l1: 5, kw_l1: 500, pf_l1: 1,
  frequency: 60, kwh_import: 42, kwh_export: 0, kvarh_import: 1,
}; // prettier-ignore

const timing = { timeoutMs: 300, retries: 1, gapMs: 5 };

async function slave(...args: Parameters<typeof startRtuSlave>) {
  const s = await startRtuSlave(...args);
  cleanups.push(s.close);
  return s;
}

function bus(options: BusOptions) {
  const b = new ModbusBus(options);
  cleanups.push(() => b.close());
  return b;
}

const serial = (path: string) =>
  ({ kind: 'rtu', path, baudRate: 9600, parity: 'none', stopBits: 1, ...timing }) as const;

function poller(b: ModbusBus, unitId: number) {
  const queue = new ReadingQueue({ file: ':memory:', maxRows: 100, warn: () => undefined });
  cleanups.push(() => queue.close());
  const meter = {
    serial: `RTU-${unitId}`, wiring: 'a,b,c' as const, bus: 'rtu', unitId,
    template: 'eastron-sdm630', pollIntervalMs: 1000,
  }; // prettier-ignore
  return { queue, poller: new MeterPoller(meter, sdm630, b, queue, () => undefined) };
}

describe.skipIf(!hasSocat)('Modbus RTU on a serial port (socat pty pair, ServerSerial)', () => {
  it('SDM630: the decoded values equal what the slave holds, in 3 requests', async () => {
    const s = await slave(new Map([[1, sdm630Image()]]));
    const read = await readMeter(bus(serial(s.path)), 1, sdm630);
    expect(read.problems).toEqual([]);
    expect(read.values).toEqual(sdm630Values);
    expect(s.state.requests).toEqual([
      { unitId: 1, fc: 4 },
      { unitId: 1, fc: 4 },
      { unitId: 1, fc: 4 },
    ]);
  });

  it('two unit ids on one bus both answer, one request at a time', async () => {
    const s = await slave(new Map([[1, sdm630Image()], [7, templateImage(sdm120, sdm120Raw)]])); // prettier-ignore
    const b = bus(serial(s.path));
    // Both meters at once: the bus queues them, so the frames never collide on the line.
    const [three, single] = await Promise.all([readMeter(b, 1, sdm630), readMeter(b, 7, sdm120)]);
    expect(three.values).toEqual(sdm630Values);
    expect(single.values).toEqual({
      voltage_l1: 110, current_l1: 5, kw_l1: 0.5, pf_l1: 1,
      frequency: 60, kwh_import: 42, kwh_export: 0, kvarh_import: 1,
    }); // prettier-ignore
    expect(b.stats).toMatchObject({ timeouts: 0, crcErrors: 0, connectionErrors: 0 });
  });

  it('a slave that stops answering: timeouts in health, then good polls when it answers again', async () => {
    const s = await slave(new Map([[1, sdm630Image()]]));
    const b = bus(serial(s.path));
    const { poller: p, queue } = poller(b, 1);
    expect(await p.pollOnce(new Date())).toBe(true);
    s.state.mode = 'silent';
    expect(await p.pollOnce(new Date())).toBe(false);
    // Health counts the failed poll; the bus counts each attempt (the first try and its retry).
    expect(p.health.errors).toEqual({ timeout: 1, crc: 0, connection: 0, exception: {} });
    expect(b.stats.timeouts).toBe(2);
    expect(p.health.lastError).toMatch(/unit 1 on .*gateway \(9600 none 1\): no answer in 300 ms/);
    s.state.mode = 'answer';
    expect(await p.pollOnce(new Date())).toBe(true);
    expect(queue.size()).toBe(2);
    expect(p.health.lastGoodAt).not.toBeNull();
  });

  it('an answer with a corrupted CRC counts as crc, and the next good answer is read', async () => {
    const s = await slave(new Map([[1, sdm630Image()]]));
    const b = bus(serial(s.path));
    const { poller: p } = poller(b, 1);
    s.state.mode = 'badCrc';
    expect(await p.pollOnce(new Date())).toBe(false);
    expect(p.health.errors).toEqual({ timeout: 0, crc: 1, connection: 0, exception: {} });
    expect(p.health.lastError).toMatch(/CRC error/);
    expect(b.stats.crcErrors).toBe(2);
    s.state.mode = 'answer';
    expect(await p.pollOnce(new Date())).toBe(true);
  });

  it('a unit id nobody answers to times out; a missing serial port is a connection error', async () => {
    const s = await slave(new Map([[1, sdm630Image()]]));
    await expect(bus(serial(s.path)).read(9, 4, 0, 2)).rejects.toMatchObject({ kind: 'timeout' });
    await expect(bus(serial(`${s.path}-absent`)).read(1, 4, 0, 2)).rejects.toMatchObject({
      kind: 'connection',
    });
  });

  it('the gateway from a file with an RTU bus polls it and queues the readings', async () => {
    const s = await slave(new Map([[1, sdm630Image()], [2, templateImage(sdm120, sdm120Raw)]])); // prettier-ignore
    const config = parseConfig({
      serverUrl: 'http://127.0.0.1:9',
      gatewayKey: 'k',
      queue: { file: ':memory:', maxRows: 100 },
      buses: [{ id: 'line-1', kind: 'rtu', path: s.path, baudRate: 9600, gapMs: 5 }],
      meters: [
        { serial: 'M1', wiring: 'a,b,c', bus: 'line-1', unitId: 1, template: 'eastron-sdm630', pollIntervalMs: 1000 },
        { serial: 'M2', wiring: 'value', bus: 'line-1', unitId: 2, template: 'eastron-sdm120', pollIntervalMs: 1000 },
      ],
    }); // prettier-ignore
    const gateway = createGateway(config, templates, () => undefined);
    cleanups.push(() => gateway.stop());
    const at = new Date();
    expect(await Promise.all(gateway.pollers.map((p) => p.pollOnce(at)))).toEqual([true, true]);
    expect(gateway.queue.size()).toBe(2);
  });
});

describe.skipIf(!hasSocat)('Modbus RTU over TCP (socat tcp-listen to the pty, raw)', () => {
  it('SDM630 and a second unit through one TCP connection carrying RTU frames', async () => {
    const s = await slave(new Map([[1, sdm630Image()], [7, templateImage(sdm120, sdm120Raw)]])); // prettier-ignore
    const port = await s.rtuOverTcp();
    const b = bus({ kind: 'rtuOverTcp', host: '127.0.0.1', port, ...timing });
    const [three, single] = await Promise.all([readMeter(b, 1, sdm630), readMeter(b, 7, sdm120)]);
    expect(three.values).toEqual(sdm630Values);
    expect(single.values.voltage_l1).toBe(110);
    expect(b.name).toBe(`RTU over TCP 127.0.0.1:${port}`);
  });

  it('a silent unit over TCP times out and keeps the connection; it answers again after', async () => {
    const s = await slave(new Map([[1, sdm630Image()]]));
    const port = await s.rtuOverTcp();
    const b = bus({ kind: 'rtuOverTcp', host: '127.0.0.1', port, ...timing, retries: 0 });
    expect(await b.read(1, 4, 0, 2)).toHaveLength(2);
    s.state.mode = 'silent';
    await expect(b.read(1, 4, 0, 2)).rejects.toMatchObject({ kind: 'timeout' });
    s.state.mode = 'answer';
    expect(await b.read(1, 4, 0, 2)).toHaveLength(2);
    expect(b.stats).toMatchObject({ requests: 3, timeouts: 1, connectionErrors: 0 });
  });

  it('a corrupted CRC over TCP counts as crc too', async () => {
    const s = await slave(new Map([[1, sdm630Image()]]));
    const port = await s.rtuOverTcp();
    const b = bus({ kind: 'rtuOverTcp', host: '127.0.0.1', port, ...timing, retries: 0 });
    s.state.mode = 'badCrc';
    await expect(b.read(1, 4, 0, 2)).rejects.toMatchObject({ kind: 'crc' });
    expect(b.stats.crcErrors).toBe(1);
  });
});
