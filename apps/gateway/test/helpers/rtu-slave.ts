import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import modbusSerial from 'modbus-serial';
import { freePort, type UnitImage } from './modbus-server.ts';

/**
 * A real serial stack for the RTU tests: socat makes a pair of pseudo-terminals joined like a
 * null-modem cable, modbus-serial's ServerSerial (a Modbus RTU slave on the serialport package)
 * answers on one end, and the gateway polls through the other, as it would an RS-485 adapter.
 * For RTU over TCP a second socat listens on TCP and passes the bytes to the pty unchanged, as a
 * serial server in raw mode does.
 */

const { ServerSerial } = modbusSerial;

/** Whether socat is here; the RTU tests skip without it, but fail under CI (process.env.CI). */
export const hasSocat = spawnSync('socat', ['-V'], { stdio: 'ignore' }).status === 0;
export const socatSkipReason =
  'socat is not installed (apt-get install socat): the RTU tests need a virtual serial pair';

/** What the slave does with its answers: as a meter, not at all, or with a broken CRC. */
export type SlaveMode = 'answer' | 'silent' | 'badCrc';

/** socat with -d -d, so its log says when it listens; `log()` is what it wrote so far. */
function startSocat(args: string[]): { child: ChildProcess; log: () => string } {
  const child = spawn('socat', ['-d', '-d', ...args], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  child.on('exit', (code) => {
    if (code !== 0 && code !== null && !child.killed) console.warn(`socat: ${stderr}`);
  });
  return { child, log: () => stderr };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

async function waitFor(what: string, ok: () => boolean | Promise<boolean>, ms = 5000) {
  const until = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

const stop = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/**
 * An RTU slave answering for several unit ids from their images, on one end of a socat pty pair.
 * `path` is the other end, for the gateway. A register missing from an image answers exception 2;
 * a unit id without an image does not answer at all, as on a real RS-485 line.
 */
export async function startRtuSlave(units: Map<number, UnitImage>, baudRate = 9600) {
  const dir = mkdtempSync(join(tmpdir(), 'wattboard-rtu-'));
  const slaveEnd = join(dir, 'slave');
  const path = join(dir, 'gateway');
  const { child: pair } = startSocat([
    `pty,raw,echo=0,link=${slaveEnd}`,
    `pty,raw,echo=0,link=${path}`,
  ]);
  await waitFor('the socat pty pair', () => existsSync(slaveEnd) && existsSync(path));

  const state = { mode: 'answer' as SlaveMode, requests: [] as { unitId: number; fc: number }[] };
  const read = (fc: 3 | 4) => (addr: number, length: number, unitId: number) => {
    state.requests.push({ unitId, fc });
    const image = units.get(unitId);
    if (!image) throw { modbusErrorCode: 0x0b, msg: 'no such unit' }; // dropped below
    return Array.from({ length }, (_, i) => {
      const word = image[fc].get(addr + i);
      if (word === undefined) throw { modbusErrorCode: 0x02, msg: 'illegal data address' };
      return word;
    });
  };
  // ServerSerial writes its answers through portResponse when given: the test's hand on the wire.
  const portResponse = {
    write(frame: Buffer) {
      if (state.mode === 'silent' || !units.has(frame[0]!)) return true;
      const out = Buffer.from(frame);
      if (state.mode === 'badCrc') out[out.length - 1]! ^= 0xff;
      return serialPort().write(out);
    },
  };
  const server = new ServerSerial(
    {
      getMultipleInputRegisters: read(4),
      getMultipleHoldingRegisters: read(3),
      getInputRegister: (addr: number, unitId: number) => read(4)(addr, 1, unitId)[0]!,
      getHoldingRegister: (addr: number, unitId: number) => read(3)(addr, 1, unitId)[0]!,
    },
    // interval: the quiet time that ends a request frame (ServerSerial's default is 30 ms).
    { path: slaveEnd, baudRate, interval: 5, portResponse } as never,
  );
  // The slave's own serial port (getPort() is in the JavaScript, not in the package's types).
  const serialPort = () =>
    (server as unknown as { getPort(): { write(b: Buffer): boolean } }).getPort();
  await new Promise<void>((resolve, reject) => {
    server.on('initialized', () => resolve());
    server.on('error', reject);
  });

  let bridge: ChildProcess | undefined;
  return {
    /** The gateway's end of the pair (a serial port path). */
    path,
    state,
    /** A TCP port passing raw bytes to the gateway's end: RTU over TCP, as a serial server. */
    async rtuOverTcp(): Promise<number> {
      const tcpPort = await freePort();
      // Not probed with a connection: each connection opens the pty, and a probe's would read
      // the answers meant for the gateway until it closed.
      const socat = startSocat([
        `tcp-listen:${tcpPort},bind=127.0.0.1,reuseaddr,fork`,
        `file:${path},raw,echo=0`,
      ]);
      bridge = socat.child;
      await waitFor('the RTU-over-TCP bridge', () => /listening on/.test(socat.log()));
      return tcpPort;
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (bridge) await stop(bridge);
      await stop(pair);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
