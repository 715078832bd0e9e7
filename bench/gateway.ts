import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadTemplates } from '@wattboard/contract/meter-templates';
import { planReads } from '../apps/gateway/src/modbus/plan.ts';
import { fillZeros, templateImage } from '../apps/gateway/test/helpers/images.ts';
import { startModbusServer } from '../apps/gateway/test/helpers/modbus-server.ts';
import { startGatewayProcess, loadAverage } from './gateway-process.ts';
import { startGatewayBenchServer } from './gateway-server.ts';

/**
 * Issue #25's gateway figures: one gateway process polling Modbus TCP meters every second (polls
 * kept, CPU of one core, peak RSS), as the deployed gateway does it — its meters pulled from a
 * real server, each meter a real Modbus TCP server on its own port (a meter with its own IP).
 * The backlog drain is in gateway-drain.ts.
 */

export const sdm630 = loadTemplates().get('eastron-sdm630')!;

export interface PollFigures {
  meters: number;
  seconds: number;
  expected: number;
  /** Polls the meters answered (Modbus requests / requests per poll) in the window. */
  polled: number;
  /** Readings the server holds stamped within the window, and distinct (node, time) among them. */
  stored: number;
  storedDistinct: number;
  cpuPercent: number;
  rssMb: number;
  peakRssMb: number;
  load: string;
}

/** An SDM630's register image with believable values (the real-server test's). */
function meterImage(i: number) {
  return fillZeros(
    templateImage(sdm630, {
      voltage_l1: 220.5, voltage_l2: 221.5, voltage_l3: 222.5,
      current_l1: 10.25, current_l2: 10.5, current_l3: 10.75,
      kw_l1: 2000, kw_l2: 2250, kw_l3: 2500, kw_total: 6750,
      pf_l1: 0.9375, pf_l2: 0.9375, pf_l3: 0.9375, frequency: 60,
      kwh_import: 1000 * (i + 1), kwh_export: 1.5, kvarh_import: 4321.25,
    }), 4, 18, 29,
  ); // prettier-ignore
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchGatewayPolling(
  meters: number,
  seconds: number,
  nodeFlags: readonly string[] = [],
): Promise<PollFigures> {
  const perPoll = planReads(sdm630.registers, sdm630.maxRegistersPerRead, sdm630.maxGap).length;
  const modbus = await Promise.all(
    Array.from({ length: meters }, (_, i) => startModbusServer(new Map([[1, meterImage(i)]]))),
  );
  const requests = () => modbus.reduce((n, m) => n + m.requests.length, 0);
  const server = await startGatewayBenchServer(
    meters,
    modbus.map((m) => ({ port: m.port, unitId: 1 })),
    1000,
  );
  const dir = await mkdtemp(join(tmpdir(), 'wattboard-bench-gw-'));
  const gateway = startGatewayProcess(
    dir,
    { serverUrl: server.baseUrl, gatewayKey: server.gatewayKey },
    nodeFlags,
  );
  try {
    // Until every meter has been asked, then a few seconds more: start-up is not the steady state.
    const started = Date.now();
    while (modbus.some((m) => m.requests.length === 0)) {
      if (Date.now() - started > 30_000) {
        throw new Error(`not every meter polled within 30 s; gateway said:\n${gateway.log()}`);
      }
      await sleep(100);
    }
    await sleep(3000);
    // The window is whole poll slots: from the next second on, for `seconds` seconds.
    await sleep(1000 - (Date.now() % 1000) + 200);
    const from = new Date(Math.floor(Date.now() / 1000) * 1000);
    const cpu0 = gateway.cpuSeconds();
    const t0 = performance.now();
    const requests0 = requests();
    await sleep(seconds * 1000);
    const requests1 = requests();
    const cpu1 = gateway.cpuSeconds();
    const elapsed = (performance.now() - t0) / 1000;
    const to = new Date(from.getTime() + seconds * 1000);
    const rss = gateway.rssMb();
    const load = loadAverage();
    // The last polls' readings reach the server within the sender's next round.
    await sleep(2000);
    await gateway.stop();
    await server.stop();
    const stored = await server.storedReadings(from, to);
    return {
      meters,
      seconds,
      expected: meters * seconds,
      polled: Math.round((requests1 - requests0) / perPoll),
      stored: stored.rows,
      storedDistinct: stored.distinct,
      cpuPercent: ((cpu1 - cpu0) / elapsed) * 100,
      rssMb: rss.now,
      peakRssMb: rss.peak,
      load,
    };
  } finally {
    await gateway.stop();
    await server.dispose();
    await Promise.all(modbus.map((m) => m.close()));
    await rm(dir, { recursive: true, force: true });
  }
}
