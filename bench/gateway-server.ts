import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { parseConfig } from '../apps/server/src/platform/config.ts';
import { openDb } from '../apps/server/src/platform/db/open.ts';
import { SERVER_NODE_FLAGS } from '../apps/server/src/platform/node-flags.ts';
import type { Db } from '../apps/server/src/platform/db/db.ts';
import { freePort } from './product-process.ts';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));

/** A meter's Modbus TCP endpoint, as Admin › Gateways › Meters stores it. */
export interface GatewayMeterEndpoint {
  port: number;
  unitId: number;
}

export interface GatewayBenchServer {
  baseUrl: string;
  gatewayKey: string;
  /** The meters' node serials, in the order of `endpoints`. */
  serials: string[];
  /** Stops the server (SIGTERM, so every acknowledged reading is committed). */
  stop(): Promise<void>;
  /** With the server stopped: the stored readings (all, distinct node+ts, and within [from, to)). */
  storedReadings(from?: Date, to?: Date): Promise<{ rows: number; distinct: number }>;
  dispose(): Promise<void>;
}

/**
 * The product as deployed, in its own process on the embedded database, with one factory of
 * `meters` three-phase meters and — when `endpoints` are given — the gateway's meters set as
 * Admin › Gateways › Meters stores them (eastron-sdm630 over Modbus TCP, polled every
 * `pollIntervalMs`). The rows are written before the server starts: PGlite has one process at a
 * time, so the onboarding command and this setup run first, as an administrator's would.
 */
export async function startGatewayBenchServer(
  meters: number,
  endpoints: readonly GatewayMeterEndpoint[],
  pollIntervalMs: number,
): Promise<GatewayBenchServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'wattboard-bench-gateway-'));
  const port = await freePort();
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    PORT: String(port),
    SIMULATOR: 'off',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    SCRYPT_COST: '10',
  };
  const serials = Array.from({ length: meters }, (_, i) => `GW-M${String(i + 1).padStart(3, '0')}`);
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      'apps/server/src/modules/factory/cli/add-factory-main.ts',
      ...['--slug', 'gateway-bench', '--name', 'Gateway bench', '--email', 'bench@gw.bench'],
      ...['--password', 'bench-password', '--meter-serial', serials[0]!],
    ],
    { cwd: repoRoot, env },
  );
  const added = JSON.parse(stdout.trim().split('\n').pop()!) as {
    meterId: number;
    gatewayKey: string;
  };
  const config = parseConfig(env);
  const db = await openDb(config);
  try {
    await addMeters(db, added.meterId, serials, endpoints, pollIntervalMs);
  } finally {
    await db.close();
  }
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitReady(baseUrl, child);
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  };
  return {
    baseUrl,
    gatewayKey: added.gatewayKey,
    serials,
    stop,
    async storedReadings(from = new Date(0), to = new Date('2200-01-01T00:00:00Z')) {
      const readDb = await openDb(config);
      try {
        const [row] = await readDb.query<{ rows: number; distinct: number }>(
          `SELECT count(*)::int AS rows, count(DISTINCT (r.node_id, r.ts))::int AS distinct
             FROM readings r JOIN nodes n ON n.id = r.node_id
            WHERE n.serial = ANY($1) AND r.ts >= $2 AND r.ts < $3`,
          [serials, from, to],
        );
        return row!;
      } finally {
        await readDb.close();
      }
    },
    async dispose() {
      await stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The other meters beside the onboarded one, and the gateway's meter rows. */
async function addMeters(
  db: Db,
  firstMeterId: number,
  serials: readonly string[],
  endpoints: readonly GatewayMeterEndpoint[],
  pollIntervalMs: number,
) {
  const [first] = await db.query<{ factory_id: number; parent_id: number | null }>(
    'SELECT factory_id, parent_id FROM nodes WHERE id = $1',
    [firstMeterId],
  );
  const { factory_id: factoryId, parent_id: parentId } = first!;
  await db.query(`UPDATE nodes SET wiring = 'a,b,c' WHERE id = $1`, [firstMeterId]);
  const ids = [firstMeterId];
  for (const [i, serial] of serials.entries()) {
    if (i === 0) continue;
    const [row] = await db.query<{ id: number }>(
      `INSERT INTO nodes (factory_id, parent_id, type, ch_name, name, wiring, serial, frequency_hz)
       VALUES ($1, $2, 'smartMeter', $3, $3, 'a,b,c', $4, 60) RETURNING id`,
      [factoryId, parentId, `Meter ${i + 1}`, serial],
    );
    ids.push(row!.id);
  }
  const [gateway] = await db.query<{ id: number }>(
    'SELECT id FROM gateways WHERE factory_id = $1 ORDER BY id LIMIT 1',
    [factoryId],
  );
  for (const [i, endpoint] of endpoints.entries()) {
    await db.query(
      `INSERT INTO gateway_meters (factory_id, gateway_id, node_id, transport, host, port, unit_id,
         template, poll_interval_ms)
       VALUES ($1, $2, $3, 'tcp', '127.0.0.1', $4, $5, 'eastron-sdm630', $6)`,
      [factoryId, gateway!.id, ids[i], endpoint.port, endpoint.unitId, pollIntervalMs],
    );
  }
}

async function waitReady(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server not ready within 60 s');
}
