// The dashboard bench's data: BENCH_HISTORY_DAYS of 15-minute readings, then the last day's
// one-minute readings, of the bench tenant's meter, through the ingest call as a gateway sends
// them; then waits until the rollup worker has caught up, so the clients measure reads only.
import type { ServerProcess } from './product-process.ts';

const MINUTE = 60_000;
const DAY = 1440 * MINUTE;
const PHASE = { voltage: 220, current: 10, kw: 2.2, pf: 0.95 };
/** kWh a minute at 3 × 2.2 kW. */
const KWH_PER_MINUTE = 0.11;
const BATCH = 5000;

async function ingest(server: ServerProcess, times: number[], origin: number): Promise<void> {
  for (let b = 0; b < times.length; b += BATCH) {
    const readings = times.slice(b, b + BATCH).map((ts) => ({
      serial: server.tenant.meterSerial,
      ts: new Date(ts).toISOString(),
      phases: { a: PHASE, b: PHASE, c: PHASE },
      kwhForward: 1000 + ((ts - origin) / MINUTE) * KWH_PER_MINUTE,
      kwhReverse: 0,
    }));
    const res = await fetch(`${server.baseUrl}/v1/Ingest/Readings`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${server.tenant.gatewayKey}`,
      },
      body: JSON.stringify({ readings }),
    });
    if (!res.ok) throw new Error(`ingest: HTTP ${res.status} ${await res.text()}`);
  }
}

/** Until two answers a second apart agree: the rollups hold everything sent. */
async function settled(server: ServerProcess, probe: () => Promise<string>): Promise<void> {
  const deadline = Date.now() + 300_000;
  let last = '';
  while (Date.now() < deadline) {
    const answer = await probe();
    if (answer === last) return;
    last = answer;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${server.baseUrl}: rollups still moving after 300 s`);
}

export async function seedHistory(
  server: ServerProcess,
  days: number,
  probe: () => Promise<string>,
): Promise<void> {
  const dayStart = Math.floor(Date.now() / MINUTE) * MINUTE - DAY;
  const origin = dayStart - days * DAY;
  const quarters = Array.from({ length: days * 96 }, (_, i) => origin + i * 15 * MINUTE);
  const minutes = Array.from({ length: 1440 }, (_, i) => dayStart + i * MINUTE);
  await ingest(server, [...quarters, ...minutes], origin);
  await settled(server, probe);
}
