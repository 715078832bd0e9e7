// The floor of `node bench/dashboard-throughput.ts`: the statements one uncached dashboard call
// runs (the session lookup, the node, the CO2 factors, the report's queries), captured once and
// replayed straight against the database at the same concurrency, with no HTTP, JSON or
// compression. Issue #29 compares the server's requests/s with it; answers kept by the server
// (decision 0084) run one statement and can beat it.
import type { Queryable, Row } from '../apps/server/src/platform/db/db.ts';
import { ZoneClock } from '@wattboard/zone-time';
import { findSession } from '../apps/server/src/modules/auth/plugin.ts';
import { findFactoryNode } from '../apps/server/src/modules/monitor/repo/monitor-nodes.ts';
import { loadCo2Rates } from '../apps/server/src/modules/carbon/index.ts';
import { resolveTimeRange } from '../apps/server/src/modules/monitor/calc/time-range.ts';
import { monitorDeviceReport } from '../apps/server/src/modules/monitor/repo/monitor-device.ts';
import { powerDetailReport } from '../apps/server/src/modules/monitor/repo/power-detail.ts';

type Statement = [sql: string, params: readonly unknown[]];

/** A Queryable that runs each statement and notes it. */
function recording(db: Queryable, into: Statement[]): Queryable {
  return {
    query<T extends object = Row>(sql: string, params: readonly unknown[] = []) {
      into.push([sql, params]);
      return db.query<T>(sql, params);
    },
    exec: (sql) => db.exec(sql),
  };
}

export interface FloorCall {
  kind: 'device' | 'chart';
  deviceId: number;
  timeRange: { start: string; end: string };
}

/** The statements of each call, in the order the server runs them. */
export async function captureStatements(
  db: Queryable,
  token: string,
  factoryId: number,
  timeZone: string,
  calls: FloorCall[],
): Promise<Statement[][]> {
  const clock = new ZoneClock(timeZone);
  const captured: Statement[][] = [];
  for (const call of calls) {
    const statements: Statement[] = [];
    const rec = recording(db, statements);
    await findSession(rec, token);
    const node = await findFactoryNode(rec, factoryId, call.deviceId);
    if (!node) throw new Error(`floor: node ${call.deviceId} not found`);
    const co2Rates = await loadCo2Rates(rec, factoryId, clock);
    const range = resolveTimeRange(call.timeRange, clock);
    const query = { factoryId, node, range, clock, now: Date.now(), co2Rates };
    if (call.kind === 'device') await monitorDeviceReport(rec, query);
    else await powerDetailReport(rec, query, 15);
    captured.push(statements);
  }
  return captured;
}

/** Calls/s when each client replays the captured calls' statements in turn. */
export async function replayPerSecond(
  db: Queryable,
  captured: Statement[][],
  concurrency: number,
  seconds: number,
): Promise<number> {
  let done = 0;
  const until = Date.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, worker) => {
      for (let i = worker; Date.now() < until; i += 1) {
        // The server runs a call's statements partly in parallel; so does this.
        await Promise.all(captured[i % captured.length]!.map(([sql, p]) => db.query(sql, p)));
        done += 1;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}
