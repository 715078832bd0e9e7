import { createServer } from 'node:net';
import modbusSerial from 'modbus-serial';

const { ServerTCP } = modbusSerial;

/** Registers of one unit: function code → address → word. */
export interface UnitImage {
  3: Map<number, number>;
  4: Map<number, number>;
}

export const emptyImage = (): UnitImage => ({ 3: new Map(), 4: new Map() });

/** A free TCP port (ServerTCP treats port 0 as "use 502", so it cannot pick one itself). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A real Modbus TCP server (modbus-serial's ServerTCP) answering for several unit ids from their
 * images. A register missing from the image answers exception 2 (illegal data address), as a
 * meter does; a unit id without an image answers exception 11 (gateway target failed to respond).
 */
export async function startModbusServer(
  units: Map<number, UnitImage>,
  delayMs = 0,
  fixedPort?: number,
) {
  const port = fixedPort ?? (await freePort());
  const requests: { unitId: number; fc: 3 | 4; start: number; count: number }[] = [];
  // Requests being answered right now, and the most seen at once: a bus must keep it at 1.
  const load = { inFlight: 0, maxInFlight: 0 };
  const lookup = (fc: 3 | 4, addr: number, length: number, unitId: number) => {
    requests.push({ unitId, fc, start: addr, count: length });
    const image = units.get(unitId);
    if (!image) throw { modbusErrorCode: 0x0b, msg: 'no such unit' };
    return Array.from({ length }, (_, i) => {
      const word = image[fc].get(addr + i);
      if (word === undefined) throw { modbusErrorCode: 0x02, msg: 'illegal data address' };
      return word;
    });
  };
  const read = (fc: 3 | 4) => (addr: number, length: number, unitId: number) => {
    const words = lookup(fc, addr, length, unitId);
    if (delayMs === 0) return words;
    // A slow meter: the answer comes delayMs later (ServerTCP accepts a promise per register).
    load.inFlight++;
    load.maxInFlight = Math.max(load.maxInFlight, load.inFlight);
    const answered = new Promise<void>((resolve) => setTimeout(resolve, delayMs)).then(() => {
      load.inFlight--;
    });
    return words.map((w) => answered.then(() => w));
  };
  const server = new ServerTCP(
    {
      getMultipleInputRegisters: read(4),
      getMultipleHoldingRegisters: read(3),
      getInputRegister: (addr: number, unitId: number) => read(4)(addr, 1, unitId)[0]!,
      getHoldingRegister: (addr: number, unitId: number) => read(3)(addr, 1, unitId)[0]!,
    },
    { host: '127.0.0.1', port },
  );
  await new Promise<void>((resolve, reject) => {
    server.on('initialized', () => resolve());
    server.on('serverError', reject);
  });
  return {
    port,
    requests,
    load,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
