import { createServer, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ModbusExceptionError, ModbusBus, type BusOptions } from '../src/modbus/bus.ts';
import { readMeter } from '../src/modbus/read-meter.ts';
import { toWireReading } from '../src/modbus/to-reading.ts';
import { loadTemplates, meterTemplate } from '@wattboard/contract/meter-templates';
import { fillZeros, templateImage } from './helpers/images.ts';
import { freePort, startModbusServer } from './helpers/modbus-server.ts';

const templates = loadTemplates();
const sdm630 = templates.get('eastron-sdm630')!;
const sdm120 = templates.get('eastron-sdm120')!;
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

const busTo = (
  port: number,
  over: Partial<Pick<BusOptions, 'timeoutMs' | 'retries' | 'gapMs'>> = {},
) => {
  const bus = new ModbusBus({
    host: '127.0.0.1',
    port,
    timeoutMs: 500,
    retries: 1,
    gapMs: 0,
    ...over,
  });
  cleanups.push(() => bus.close());
  return bus;
};

async function server(...args: Parameters<typeof startModbusServer>) {
  const s = await startModbusServer(...args);
  cleanups.push(s.close);
  return s;
}

// Raw values in the manual's units (float32-exact, so the expectations can be exact).
const sdm630Raw = {
  voltage_l1: 230.5, voltage_l2: 229.25, voltage_l3: 231,
  current_l1: 12.25, current_l2: 8.5, current_l3: 0,
  kw_l1: 2816, kw_l2: -1500, kw_l3: 0,
  pf_l1: 0.5, pf_l2: -0.75, pf_l3: 1,
  kw_total: 1316, frequency: 60,
  kwh_import: 12345.5, kwh_export: 67.25, kvarh_import: 4567.75,
}; // prettier-ignore
// The registers in the gaps the template's plan reads across (phase VA and var): zeros.
const sdm630Image = () => fillZeros(templateImage(sdm630, sdm630Raw), 4, 18, 29);

describe('polling a Modbus TCP server loaded with each template’s register image', () => {
  it('SDM630: every value decoded exactly, in server units, in 3 requests', async () => {
    const s = await server(new Map([[1, sdm630Image()]]));
    const read = await readMeter(busTo(s.port), 1, sdm630);
    expect(read.problems).toEqual([]);
    expect(read.values).toEqual({
      voltage_l1: 230.5, voltage_l2: 229.25, voltage_l3: 231,
      current_l1: 12.25, current_l2: 8.5, current_l3: 0,
      kw_l1: 2.816, kw_l2: -1.5, kw_l3: 0,
      pf_l1: 0.5, pf_l2: -0.75, pf_l3: 1,
      kw_total: 1.316, frequency: 60,
      kwh_import: 12345.5, kwh_export: 67.25, kvarh_import: 4567.75,
    }); // prettier-ignore
    expect(s.requests.map((r) => [r.fc, r.start, r.count])).toEqual([
      [4, 0, 36],
      [4, 52, 2],
      [4, 70, 8],
    ]);
  });

  it('SDM120: every value decoded exactly, as a single-phase wire reading', async () => {
    const raw = {
      voltage_l1: 241.75, current_l1: 3.125, kw_l1: 755, pf_l1: -0.96875,
      frequency: 50, kwh_import: 1551.375, kwh_export: 0, kvarh_import: 0.125,
    }; // prettier-ignore
    const s = await server(new Map([[7, templateImage(sdm120, raw)]]));
    const read = await readMeter(busTo(s.port), 7, sdm120);
    expect(read.problems).toEqual([]);
    const ts = new Date('2026-11-28T06:00:00Z');
    expect(toWireReading('WB-M09', 'value', ts, read.values)).toEqual({
      serial: 'WB-M09',
      ts: '2026-11-28T06:00:00.000Z',
      phases: { value: { voltage: 241.75, current: 3.125, kw: 0.755, pf: -0.96875 } },
      kwhForward: 1551.375,
      kwhReverse: 0,
      kvarhLagging: 0.125,
      frequency: 50,
    });
  });

  it('a non-Eastron layout: FC3 int64 Wh low word first, uint16 with a scale register', async () => {
    const t = meterTemplate.parse({
      id: 'test-int',
      manufacturer: 'Test',
      model: 'Integers',
      phases: 1,
      maxRegistersPerRead: 20,
      source: { title: 't', publisher: 'p', version: '1', url: 'https://e.x/', readFrom: ['test'] },
      registers: [
        { quantity: 'voltage_l1', functionCode: 3, address: 100, type: 'uint16', unit: 'V', scaleRegister: { functionCode: 3, address: 101 }, ref: 'r' },
        { quantity: 'current_l1', functionCode: 3, address: 102, type: 'int32', multiplier: 0.001, unit: 'A', byteSwap: true, ref: 'r' },
        { quantity: 'kw_l1', functionCode: 3, address: 104, type: 'int16', unit: 'W', ref: 'r' },
        { quantity: 'kwh_import', functionCode: 3, address: 105, type: 'int64', wordOrder: 'little', unit: 'Wh', ref: 'r' },
        { quantity: 'kwh_export', functionCode: 3, address: 109, type: 'uint64', unit: 'Wh', ref: 'r' },
      ],
    }); // prettier-ignore
    const image = templateImage(t, {
      voltage_l1: 2305, current_l1: -1250, kw_l1: -300,
      kwh_import: 123456789012n, kwh_export: 2n ** 60n,
    }); // prettier-ignore
    image[3].set(101, 0xffff); // scale register: -1 → tenths of a volt
    const s = await server(new Map([[3, image]]));
    const read = await readMeter(busTo(s.port), 3, t);
    expect(read.values).toEqual({
      voltage_l1: 230.5,
      current_l1: -1.25,
      kw_l1: -0.3,
      kwh_import: 123456789.012,
    });
    expect(read.problems).toEqual([
      { quantity: 'kwh_export', message: expect.stringMatching(/beyond 2\^53/) },
    ]);
    expect(s.requests).toHaveLength(1);
  });
});

describe('bus timing and errors', () => {
  it('many meters per bus and many buses: one request at a time per bus, all in parallel', async () => {
    const units = new Map([1, 2, 3].map((id) => [id, sdm630Image()]));
    const [a, b] = [await server(units, 30), await server(units, 30)];
    const [busA, busB] = [busTo(a.port), busTo(b.port)];
    const started = Date.now();
    const reads = await Promise.all(
      [busA, busB].flatMap((bus) => [1, 2, 3].map((unit) => readMeter(bus, unit, sdm630))),
    );
    const elapsed = Date.now() - started;
    expect(reads.every((r) => r.values.kwh_import === 12345.5)).toBe(true);
    expect(a.load.maxInFlight).toBe(1);
    expect(b.load.maxInFlight).toBe(1);
    expect(new Set(a.requests.map((r) => r.unitId))).toEqual(new Set([1, 2, 3]));
    // 9 requests of 30 ms per bus in series ≥ 270 ms; the two buses overlap, so well under 540.
    expect(elapsed).toBeGreaterThanOrEqual(270);
    expect(elapsed).toBeLessThan(520);
  });

  it('a Modbus exception is reported with its code and not retried', async () => {
    const s = await server(new Map([[1, templateImage(sdm120, { voltage_l1: 230 })]]));
    const bus = busTo(s.port, { retries: 3 });
    const error = await readMeter(bus, 1, sdm120).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModbusExceptionError);
    expect((error as ModbusExceptionError).code).toBe(2);
    // The first block (voltage) answered; the second (current, unmapped here) is refused once.
    expect(s.requests.map((r) => r.start)).toEqual([0, 6]);
    const noUnit = await bus.read(9, 4, 0, 2).catch((e: unknown) => e);
    expect((noUnit as ModbusExceptionError).code).toBe(11);
    expect(bus.stats.exceptions).toBe(2);
  });

  it('a meter that never answers: timeout, retries, the gap between tries', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    const port = await freePort();
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
    cleanups.push(async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    });
    const bus = busTo(port, { timeoutMs: 150, retries: 2, gapMs: 50 });
    const started = Date.now();
    await expect(bus.read(1, 4, 0, 2)).rejects.toThrow(/no answer in 150 ms/);
    expect(bus.stats.timeouts).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 150 + 3 * 50 - 10);
  });

  it('a closed port is a connection error, and the bus reconnects once the meter is back', async () => {
    const port = await freePort();
    const bus = busTo(port, { retries: 0 });
    await expect(bus.read(1, 4, 0, 2)).rejects.toThrow(/cannot connect/);
    const s = await server(new Map([[1, sdm630Image()]]), 0, port);
    await expect(bus.read(1, 4, 0, 2)).resolves.toEqual([0x4366, 0x8000]); // 230.5 V
    expect(s.requests).toHaveLength(1);
    expect(bus.stats.connectionErrors).toBeGreaterThan(0);
  });
});
