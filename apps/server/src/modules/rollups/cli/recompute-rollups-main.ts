/**
 * `npm run rollups:recompute -w @wattboard/server -- --factory <slug|id> [--node <id>]
 * --from <date> --to <date>`: rebuilds a factory's (or one node's) 15-minute,
 * hourly and daily rollups and its readings' counter state from the raw
 * readings, e.g. to repair rows written by the defects of issue #9. On the
 * configured database (DATA_DIR or DATABASE_URL, like the server); with the
 * embedded one the data directory's lock refuses to run while the server
 * holds it. On PostgreSQL it may run beside the servers: it takes the same
 * per-factory rollup lock as ingest, one day at a time.
 */
import { parseConfig } from '../../../platform/config.ts';
import type { Db } from '../../../platform/db/db.ts';
import { migrate } from '../../../platform/db/migrate.ts';
import { openDb } from '../../../platform/db/open.ts';
import { recomputeRollups } from '../recompute.ts';
import {
  parseRecomputeArgs,
  recomputeRange,
  type RecomputeArgs,
} from './recompute-rollups-args.ts';
import { factoryNodeTypes, findFactoryForRecompute } from '../repo/factory-locks.ts';

interface Target {
  factoryId: number;
  timeZone: string;
  nodeIds: number[];
}

/** The factory (by slug or id) and the nodes to recompute; throws when either is unknown. */
async function resolveTarget(db: Db, args: RecomputeArgs): Promise<Target> {
  const byId = /^\d+$/.test(args.factory) ? Number(args.factory) : null;
  const factory = await findFactoryForRecompute(db, args.factory, byId);
  if (!factory) throw new Error(`no factory ${args.factory}`);
  const nodes = await factoryNodeTypes(db, factory.id);
  if (args.nodeId !== null && !nodes.some((n) => n.id === args.nodeId)) {
    throw new Error(`node ${args.nodeId} is not a node of factory ${args.factory}`);
  }
  const nodeIds =
    args.nodeId !== null
      ? [args.nodeId]
      : nodes.filter((n) => n.type !== 'virtual').map((n) => n.id);
  return { factoryId: factory.id, timeZone: factory.time_zone, nodeIds };
}

async function main(): Promise<number> {
  let args: RecomputeArgs;
  try {
    args = parseRecomputeArgs(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  let db: Db;
  try {
    db = await openDb(parseConfig(process.env));
  } catch (error) {
    // Above all a running server on the same DATA_DIR.
    console.error(`rollups:recompute failed: ${(error as Error).message}`);
    return 1;
  }
  try {
    await migrate(db);
    const target = await resolveTarget(db, args);
    const range = recomputeRange(args, target.timeZone);
    const started = performance.now();
    await recomputeRollups(db, target.factoryId, target.nodeIds, range.from, range.to);
    console.info(
      JSON.stringify({
        factoryId: target.factoryId,
        nodes: target.nodeIds.length,
        from: range.from.toISOString(),
        to: range.to.toISOString(),
        seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      }),
    );
    return 0;
  } catch (error) {
    console.error(`rollups:recompute failed: ${(error as Error).message}`);
    return 1;
  } finally {
    await db.close();
  }
}

process.exitCode = await main();
