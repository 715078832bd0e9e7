import {
  GATEWAY_READ_NEXT_PATH,
  GATEWAY_READ_RESULT_PATH,
  gatewayReadRequest,
  type GatewayReadRequest,
  type ReadNowOutcome,
} from '@wattboard/contract/gateway-config';
import { BusError, ModbusBus, ModbusExceptionError } from '../modbus/bus.ts';
import { readMeter, type MeterRead } from '../modbus/read-meter.ts';
import { busFor, type BusTiming } from './to-local.ts';

/** The server's limit on a message (control characters would be refused). */
const clean = (text: string) => text.replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 500); // eslint-disable-line no-control-regex

/** A read's outcome as the server takes it. Pure. */
export function outcomeOfRead(read: MeterRead): ReadNowOutcome {
  return {
    ok: true,
    values: read.values,
    problems: read.problems.map((p) => ({ quantity: p.quantity, message: clean(p.message) })),
  };
}

/** A failed read: the bus's kind (timeout, crc, connection), a Modbus exception with its code. Pure. */
export function outcomeOfError(error: unknown): ReadNowOutcome {
  const message = clean(error instanceof Error ? error.message : String(error));
  if (error instanceof ModbusExceptionError) {
    return { ok: false, error: { kind: 'exception', code: error.code, message } };
  }
  const kind = error instanceof BusError ? error.kind : 'other';
  return { ok: false, error: { kind, code: null, message } };
}

export interface ReadNowOptions {
  serverUrl: string;
  gatewayKey: string;
  busTiming: BusTiming;
  /** The running buses by id: a read on a running bus queues behind its polls (one line, one request at a time). */
  buses: () => ReadonlyMap<string, ModbusBus>;
  /** Seconds the server may hold a poll open (Prefer: wait). */
  waitSeconds?: number;
  /** After a failed poll, wait this long before the next. */
  retryMs?: number;
  log: (message: string) => void;
}

/**
 * "Read now" (decision 0088): waits for the server's requests with a long poll, reads the meter
 * once with the draft template, and sends back the values or the Modbus error. A request for a
 * bus already running uses it, so the read takes its turn with the polls; another bus is opened
 * for the read and closed after.
 */
export class ReadNowListener {
  readonly stats = { requests: 0, answered: 0, failures: 0 };
  private readonly abort = new AbortController();
  private loop: Promise<void> | undefined;
  private readonly options: ReadNowOptions;

  constructor(options: ReadNowOptions) {
    this.options = options;
  }

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.abort.abort();
    await this.loop;
  }

  /** Reads one request's meter; the outcome is what the server is sent. */
  async read(request: GatewayReadRequest): Promise<ReadNowOutcome> {
    const config = busFor(request.transport, this.options.busTiming);
    const running = this.options.buses().get(config.id);
    const bus = running ?? new ModbusBus(config);
    try {
      return outcomeOfRead(await readMeter(bus, request.unitId, request.template));
    } catch (error) {
      return outcomeOfError(error);
    } finally {
      if (!running) await bus.close();
    }
  }

  private url(path: string): URL {
    return new URL(path.slice(1), `${this.options.serverUrl.replace(/\/+$/, '')}/`);
  }

  private async run(): Promise<void> {
    const signal = this.abort.signal;
    const auth = { authorization: `Bearer ${this.options.gatewayKey}` };
    let lastError: string | undefined;
    while (!signal.aborted) {
      try {
        const response = await fetch(this.url(GATEWAY_READ_NEXT_PATH), {
          headers: { ...auth, prefer: `wait=${this.options.waitSeconds ?? 20}` },
          signal,
        });
        if (response.status === 204) continue;
        if (response.status !== 200) throw new Error(`the server answered HTTP ${response.status}`);
        const request = gatewayReadRequest.parse(await response.json());
        this.stats.requests++;
        const outcome = await this.read(request);
        const { unitId, transport } = request;
        this.options.log(
          `read now: unit ${unitId} at ${busFor(transport, this.options.busTiming).id}: ` +
            (outcome.ok ? `${Object.keys(outcome.values).length} value(s)` : outcome.error.message),
        );
        await fetch(this.url(GATEWAY_READ_RESULT_PATH), {
          method: 'POST',
          headers: { ...auth, 'content-type': 'application/json' },
          body: JSON.stringify({ requestId: request.requestId, outcome }),
          signal,
        });
        this.stats.answered++;
        lastError = undefined;
      } catch (error) {
        if (signal.aborted) return;
        this.stats.failures++;
        const message = (error as Error).message;
        if (message !== lastError) this.options.log(`read now: ${message}`);
        lastError = message;
        await new Promise((resolve) => setTimeout(resolve, this.options.retryMs ?? 5000));
      }
    }
  }
}
