import { mkdtemp, rm } from 'node:fs/promises';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toWireReading } from '../apps/gateway/src/modbus/to-reading.ts';
import { ReadingQueue } from '../apps/gateway/src/queue/queue.ts';
import { startGatewayProcess, loadAverage } from './gateway-process.ts';
import { startGatewayBenchServer } from './gateway-server.ts';

/**
 * Issue #25's backlog: a day of an outage for `meters` meters polled once a minute, left in the
 * gateway's queue as the poller writes it (one row per poll, in poll order, through the gateway's
 * own ReadingQueue), then the real gateway process sends it to a real server. The drain ends when
 * the queue is empty — each row leaves it only once the server answered 200 (committed) — and
 * the server is then stopped and asked how many readings it holds, and how many distinct.
 */

export interface DrainFigures {
  readings: number;
  /** From the gateway's start to an empty queue, and from its first acknowledged batch. */
  seconds: number;
  secondsFromFirstBatch: number;
  perSecond: number;
  stored: number;
  storedDistinct: number;
  cpuPercent: number;
  peakRssMb: number;
  load: string;
}

const MINUTE = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The queue as a day-long outage leaves it: minute by minute, every meter's poll in turn. */
function fillQueue(file: string, serials: readonly string[], minutes: number) {
  const queue = new ReadingQueue({ file, maxRows: 1_000_000 });
  const end = Math.floor(Date.now() / MINUTE) * MINUTE - MINUTE;
  for (let m = minutes - 1; m >= 0; m--) {
    const ts = new Date(end - m * MINUTE);
    for (const [i, serial] of serials.entries()) {
      const kwhImport = 1000 * (i + 1) + (minutes - m) * 0.1;
      const values = {
        voltage_l1: 220.5, voltage_l2: 221.5, voltage_l3: 222.5,
        current_l1: 10.2, current_l2: 10.2, current_l3: 10.2,
        kw_l1: 2, kw_l2: 2, kw_l3: 2, kw_total: 6, pf_l1: 0.95, pf_l2: 0.95, pf_l3: 0.95,
        frequency: 60, kwh_import: kwhImport, kwh_export: 0, kvarh_import: 10,
      }; // prettier-ignore
      queue.push([JSON.stringify(toWireReading(serial, 'a,b,c', ts, values))]);
    }
  }
  const size = queue.size();
  queue.close();
  return size;
}

export async function benchGatewayDrain(
  meters: number,
  minutes: number,
  nodeFlags: readonly string[] = [],
  /** The sender's batch size; the gateway's default when not given. */
  batchSize?: number,
): Promise<DrainFigures> {
  const server = await startGatewayBenchServer(meters, [], 1000);
  const dir = await mkdtemp(join(tmpdir(), 'wattboard-bench-gw-drain-'));
  const queueFile = join(dir, 'gateway-queue.sqlite');
  const readings = fillQueue(queueFile, server.serials, minutes);
  // Read beside the gateway (WAL: a reader never blocks its writer) to see the queue empty.
  const watch = new DatabaseSync(queueFile, { readOnly: true });
  const left = () => (watch.prepare('SELECT count(*) AS n FROM readings').get() as { n: number }).n;
  const t0 = performance.now();
  const gateway = startGatewayProcess(
    dir,
    {
      serverUrl: server.baseUrl,
      gatewayKey: server.gatewayKey,
      queue: { file: queueFile },
      ...(batchSize ? { sender: { batchSize } } : {}),
    },
    nodeFlags,
  );
  try {
    let firstBatchAt: number | undefined;
    const cpu0 = gateway.cpuSeconds();
    for (;;) {
      const n = left();
      if (n < readings && firstBatchAt === undefined) firstBatchAt = performance.now();
      if (n === 0) break;
      if (performance.now() - t0 > 600_000) throw new Error(`${n} readings still queued at 600 s`);
      await sleep(50);
    }
    const done = performance.now();
    const cpu1 = gateway.cpuSeconds();
    const peakRssMb = gateway.rssMb().peak;
    const load = loadAverage();
    await gateway.stop();
    await server.stop();
    const stored = await server.storedReadings();
    const seconds = (done - t0) / 1000;
    return {
      readings,
      seconds,
      secondsFromFirstBatch: (done - (firstBatchAt ?? t0)) / 1000,
      perSecond: readings / seconds,
      stored: stored.rows,
      storedDistinct: stored.distinct,
      cpuPercent: ((cpu1 - cpu0) / seconds) * 100,
      peakRssMb,
      load,
    };
  } finally {
    watch.close();
    await gateway.stop();
    await server.dispose();
    await rm(dir, { recursive: true, force: true });
  }
}
