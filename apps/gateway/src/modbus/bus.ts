import modbusSerial from 'modbus-serial';

// The package is CommonJS; its class is both module.exports and module.exports.default.
const ModbusRTU = modbusSerial.default;

/**
 * One Modbus TCP endpoint (a meter, or a serial-to-Ethernet server with many meters behind it).
 * Requests go out one at a time with a gap after each, because the meters behind one gateway
 * share one RS-485 line: two requests at once would collide, and many meters need a quiet time
 * before the next frame. Each request has a timeout and a few retries.
 */

export interface BusOptions {
  host: string;
  port: number;
  /** How long to wait for an answer. */
  timeoutMs: number;
  /** Further attempts after a timeout or a broken connection (not after a Modbus exception). */
  retries: number;
  /** Quiet time after each request before the next one. */
  gapMs: number;
}

/** Counts for health reporting (a later slice sends them to the server). */
export interface BusStats {
  requests: number;
  timeouts: number;
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

export class ModbusTcpBus {
  readonly stats: BusStats = { requests: 0, timeouts: 0, exceptions: 0, connectionErrors: 0 };
  private client = new ModbusRTU();
  private queue: Promise<unknown> = Promise.resolve();
  private closed = false;

  readonly options: BusOptions;
  constructor(options: BusOptions) {
    this.options = options;
  }

  get name(): string {
    return `${this.options.host}:${this.options.port}`;
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
      return new BusError(
        'timeout',
        `unit ${unitId} on ${this.name}: no answer in ${this.options.timeoutMs} ms`,
      );
    }
    // modbus-serial's words for an answer that arrived garbled (RTU: bad CRC; TCP: wrong length,
    // unit or function code). The connection is then out of step too, so drop it as below.
    const garbled = /crc|data length|unit id|function code/i.test(e.message ?? '');
    // Anything else is the connection: drop it so the next attempt reconnects.
    if (!garbled) this.stats.connectionErrors++;
    void this.disconnect();
    return new BusError(
      garbled ? 'crc' : 'connection',
      `${this.name}: ${e.message ?? String(error)}`,
    );
  }

  private async connect(): Promise<void> {
    if (this.client.isOpen) return;
    try {
      await this.client.connectTCP(this.options.host, { port: this.options.port });
      this.client.setTimeout(this.options.timeoutMs);
    } catch (error) {
      this.stats.connectionErrors++;
      await this.disconnect();
      throw new BusError(
        'connection',
        `${this.name}: cannot connect (${(error as Error).message})`,
        {
          cause: error,
        },
      );
    }
  }

  private async disconnect(): Promise<void> {
    const client = this.client;
    this.client = new ModbusRTU();
    // destroy, not close: close() waits for the peer's FIN, which a hung meter never sends.
    await new Promise<void>((resolve) => client.destroy(() => resolve()));
  }
}
