import modbusSerial from 'modbus-serial';

// The package is CommonJS; its class is both module.exports and module.exports.default.
const ModbusRTU = modbusSerial.default;

/**
 * One Modbus bus: a Modbus TCP endpoint (a meter, or a serial-to-Ethernet server with many meters
 * behind it), a serial server in raw mode carrying RTU frames over TCP, or an RS-485 line on the
 * gateway's own serial port (RTU). Requests go out one at a time with a gap after each, because
 * the meters behind one bus share one RS-485 line: two requests at once would collide, and many
 * meters need a quiet time before the next frame. Each request has a timeout and a few retries.
 */

/** Where a bus connects. `kind` left out is Modbus TCP (the local file's older form). */
export type BusTransport =
  | { kind?: 'tcp'; host: string; port: number }
  | { kind: 'rtuOverTcp'; host: string; port: number }
  | {
      kind: 'rtu';
      /** /dev/ttyUSB0, /dev/ttyS1, COM3 … */
      path: string;
      baudRate: number;
      parity: 'none' | 'even' | 'odd';
      stopBits: 1 | 2;
    };

export type BusOptions = BusTransport & {
  /** How long to wait for an answer. */
  timeoutMs: number;
  /** Further attempts after a timeout or a broken connection (not after a Modbus exception). */
  retries: number;
  /** Quiet time after each request before the next one. */
  gapMs: number;
};

/** A bus's name for logs and errors: `host:port`, `RTU over TCP host:port`, or the port's path. */
export function busLabel(t: BusTransport): string {
  if (t.kind === 'rtu') return `${t.path} (${t.baudRate} ${t.parity} ${t.stopBits})`;
  return t.kind === 'rtuOverTcp' ? `RTU over TCP ${t.host}:${t.port}` : `${t.host}:${t.port}`;
}

/** Counts for health reporting (a later slice sends them to the server). */
export interface BusStats {
  requests: number;
  timeouts: number;
  /** Garbled answers: a bad CRC (RTU), a wrong length, unit or function code. */
  crcErrors: number;
  exceptions: number;
  connectionErrors: number;
}

/** A failed request, tagged with its kind for the meter's health (health/meter-health.ts). */
export class BusError extends Error {
  override name = 'BusError';
  readonly kind: 'timeout' | 'crc' | 'connection';
  constructor(kind: BusError['kind'], message: string, options?: ErrorOptions) {
    super(message, options);
    this.kind = kind;
  }
}

/** The meter answered with a Modbus exception (e.g. 2, illegal data address): retrying won't help. */
export class ModbusExceptionError extends Error {
  override name = 'ModbusExceptionError';
  readonly kind = 'exception';
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class ModbusBus {
  readonly stats: BusStats = {
    requests: 0,
    timeouts: 0,
    crcErrors: 0,
    exceptions: 0,
    connectionErrors: 0,
  };
  private client = new ModbusRTU();
  private queue: Promise<unknown> = Promise.resolve();
  /** The last disconnect: a serial port must be closed before it is opened again (it is locked). */
  private closing: Promise<void> = Promise.resolve();
  private closed = false;

  readonly options: BusOptions;
  constructor(options: BusOptions) {
    this.options = options;
  }

  get name(): string {
    return busLabel(this.options);
  }

  /** Reads `count` registers; queued behind every earlier request on this bus. */
  read(unitId: number, functionCode: 3 | 4, start: number, count: number): Promise<number[]> {
    const run = this.queue.then(() => this.withRetries(unitId, functionCode, start, count));
    this.queue = run.catch(() => undefined);
    return run;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
    await this.disconnect();
    await this.closing;
  }

  private async withRetries(unitId: number, fc: 3 | 4, start: number, count: number) {
    let lastError: unknown;
    for (let attempt = 0; attempt <= this.options.retries && !this.closed; attempt++) {
      try {
        return await this.once(unitId, fc, start, count);
      } catch (error) {
        lastError = error;
        if (error instanceof ModbusExceptionError) throw error;
      } finally {
        await sleep(this.options.gapMs);
      }
    }
    throw lastError ?? new Error(`bus ${this.name} is closed`);
  }

  private async once(unitId: number, fc: 3 | 4, start: number, count: number): Promise<number[]> {
    await this.connect();
    this.client.setID(unitId);
    this.stats.requests++;
    try {
      const answer =
        fc === 3
          ? await this.client.readHoldingRegisters(start, count)
          : await this.client.readInputRegisters(start, count);
      return answer.data;
    } catch (error) {
      throw this.classify(error, unitId);
    }
  }

  private classify(error: unknown, unitId: number): Error {
    const e = error as { modbusCode?: number; errno?: string; message?: string };
    if (typeof e.modbusCode === 'number') {
      this.stats.exceptions++;
      return new ModbusExceptionError(e.modbusCode, `unit ${unitId}: ${e.message ?? 'exception'}`);
    }
    if (e.errno === 'ETIMEDOUT') {
      this.stats.timeouts++;
      // An RTU frame has no transaction id: a late answer could be taken for the next request's.
      // On the gateway's own serial port, reopening it drops whatever arrives late, at no cost.
      // Over TCP the connection is kept (as for Modbus TCP, which matches transaction ids): serial
      // servers often hold a closed connection's port for a while, and a late answer is matched
      // by unit, function code and length, and then by its CRC.
      if (this.options.kind === 'rtu') this.drop();
      return new BusError(
        'timeout',
        `unit ${unitId} on ${this.name}: no answer in ${this.options.timeoutMs} ms`,
      );
    }
    // modbus-serial's words for an answer that arrived garbled (RTU: "CRC error", "Unexpected
    // data error, expected address …"; TCP: wrong length, unit or function code). The connection
    // is then out of step too, so drop it as below.
    const garbled = /crc|data length|unexpected data|unit id|function code/i.test(e.message ?? '');
    // Anything else is the connection: drop it so the next attempt reconnects.
    if (garbled) this.stats.crcErrors++;
    else this.stats.connectionErrors++;
    this.drop();
    return new BusError(
      garbled ? 'crc' : 'connection',
      `${this.name}: ${e.message ?? String(error)}`,
    );
  }

  private async connect(): Promise<void> {
    if (this.client.isOpen) return;
    await this.closing;
    try {
      const o = this.options;
      if (o.kind === 'rtu') {
        // Modbus RTU is 8 data bits; parity and stop bits as the meters are set.
        await this.client.connectRTUBuffered(o.path, {
          baudRate: o.baudRate,
          parity: o.parity,
          stopBits: o.stopBits,
          dataBits: 8,
        });
      } else if (o.kind === 'rtuOverTcp') {
        // RTU frames (address, PDU, CRC) as they are on the wire, over a TCP socket: modbus-serial
        // calls this port "telnet". Not connectTcpRTUBuffered: that one sends Modbus TCP (MBAP)
        // frames and only buffers the answers, which a serial server in raw mode passes to the
        // line unchanged and no meter understands.
        await this.client.connectTelnet(o.host, { port: o.port });
      } else {
        await this.client.connectTCP(o.host, { port: o.port });
      }
      this.client.setTimeout(this.options.timeoutMs);
    } catch (error) {
      this.stats.connectionErrors++;
      this.drop();
      await this.closing;
      throw new BusError(
        'connection',
        `${this.name}: cannot connect (${(error as Error).message})`,
        {
          cause: error,
        },
      );
    }
  }

  /** Drops the connection now; the next request reconnects after it is closed. */
  private drop(): void {
    const closing = this.disconnect();
    this.closing = Promise.all([this.closing, closing]).then(() => undefined);
  }

  private async disconnect(): Promise<void> {
    const client = this.client;
    this.client = new ModbusRTU();
    if (this.options.kind === 'rtu') {
      // modbus-serial's serial port has no destroy(): close it, so the next open is not refused
      // by the port's lock. A port already closed answers an error, which changes nothing here;
      // a close that never calls back (a vanished USB adapter) must not stall the bus forever.
      await new Promise<void>((resolve) => {
        const guard = setTimeout(resolve, 2000);
        client.close(() => {
          clearTimeout(guard);
          resolve();
        });
      });
      return;
    }
    // destroy, not close: close() waits for the peer's FIN, which a hung meter never sends.
    await new Promise<void>((resolve) => client.destroy(() => resolve()));
  }
}
