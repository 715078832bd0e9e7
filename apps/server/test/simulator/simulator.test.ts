import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { backends } from '../helpers/backends.ts';
import type { TestDb } from '../helpers/backends.ts';
import { ingestReadings } from '../../src/modules/ingest/ingest-readings.ts';
import { clearMeterData, count, openSimDb, startSimApp } from './sim-app.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** A Wednesday in the past (ingest refuses readings from the future): 10:00 in Taipei. */
const NOW = new Date('2025-07-16T02:00:00Z');
/** Two days of quarter-hour history: enough to cross local midnight, quick to store. */
const SHORT_HISTORY = [{ withinMs: 2 * 24 * HOUR, stepMs: 15 * MINUTE }];

interface NodeRow {
  id: number;
  name: string;
  type: string;
  parentId: number | null;
}

async function demoNodes(app: FastifyInstance): Promise<NodeRow[]> {
  return app.db.query<NodeRow>(
    `SELECT n.id, n.name, n.type, n.parent_id AS "parentId" FROM nodes n
       JOIN factories f ON f.id = n.factory_id WHERE f.slug = 'demo' ORDER BY n.id`,
  );
}

describe.each(backends)('simulator on %s', (backend) => {
  let testDb: TestDb;
  let app: FastifyInstance;

  // One database per backend; each test starts a fresh simulator on emptied meter data.
  beforeAll(async () => {
    testDb = await openSimDb(backend);
  });
  afterAll(async () => {
    await testDb.dispose();
  });
  beforeEach(async () => {
    await clearMeterData(testDb.db);
    app = await startSimApp(testDb);
  });
  afterEach(async () => {
    await app.close();
  });

  it('stores one reading per metered node on a tick, through ingest', async () => {
    const result = await app.simulator.tick(NOW);
    const nodes = await demoNodes(app);
    const metered = nodes.filter((node) => node.type !== 'virtual');
    expect(metered).toHaveLength(38);
    expect(result).toMatchObject({ readings: 38, accepted: 38, duplicates: 0, rejected: 0 });
    const stored = await app.db.query<{ node_id: number; ts: Date }>(
      'SELECT node_id, ts FROM readings ORDER BY node_id',
    );
    expect(stored.map((row) => row.node_id)).toEqual(metered.map((node) => node.id));
    expect(stored.every((row) => new Date(row.ts).getTime() === NOW.getTime())).toBe(true);

    // The next minute continues every counter by that minute's energy.
    const next = await app.simulator.tick(new Date(NOW.getTime() + MINUTE + 5_000));
    expect(next).toMatchObject({ readings: 38, accepted: 38, rejected: 0 });
    const pairs = await app.db.query<{ node_id: number; kw: number; delta: number }>(
      `SELECT node_id, (array_agg(kw ORDER BY ts DESC))[1] AS kw,
              max(kwh_forward) - min(kwh_forward) - (max(kwh_reverse) - min(kwh_reverse)) AS delta
         FROM readings GROUP BY node_id`,
    );
    for (const pair of pairs) expect(pair.delta).toBeCloseTo(pair.kw / 60, 2);
  });

  it('backfills history with rollups for every node, the virtual root summing its children', async () => {
    const result = await app.simulator.backfill(NOW, SHORT_HISTORY);
    // The rollup worker runs behind the acknowledgements: wait until it has them all.
    await app.readingsFeed.idle();
    expect(result.rejected).toBe(0);
    expect(result.accepted).toBe(38 * (2 * 24 * 4 + 1));
    const nodes = await demoNodes(app);
    const withRollups = await app.db.query<{ node_id: number }>(
      'SELECT DISTINCT node_id FROM rollups_15m',
    );
    expect(withRollups.map((row) => row.node_id).sort((a, b) => a - b)).toEqual(
      nodes.map((node) => node.id),
    );

    const root = nodes.find((node) => node.parentId === null)!;
    const children = nodes.filter((node) => node.parentId === root.id).map((node) => node.id);
    const totals = await app.db.query<{ node_id: number; forward: number; reverse: number }>(
      `SELECT node_id, sum(kwh_forward) AS forward, sum(kwh_reverse) AS reverse
         FROM rollups_1d WHERE node_id = ANY($1::int[]) GROUP BY node_id`,
      [[root.id, ...children]],
    );
    const rootTotal = totals.find((row) => row.node_id === root.id)!;
    const childRows = totals.filter((row) => row.node_id !== root.id);
    expect(childRows).toHaveLength(children.length);
    const sum = (pick: (row: (typeof totals)[number]) => number) =>
      childRows.reduce((total, row) => total + pick(row), 0);
    // Two days of a ~400 kW factory, and of a solar plant exporting by day.
    expect(rootTotal.forward).toBeGreaterThan(5_000);
    expect(rootTotal.reverse).toBeGreaterThan(100);
    expect(rootTotal.forward).toBeCloseTo(
      sum((row) => row.forward),
      6,
    );
    expect(rootTotal.reverse).toBeCloseTo(
      sum((row) => row.reverse),
      6,
    );
  });

  it('fills the gap after a restart and continues the counters', async () => {
    await app.simulator.backfill(NOW, SHORT_HISTORY);
    const before = await count(app, 'SELECT count(*)::int AS n FROM readings');
    await app.close();

    // A new process on the same database, three hours later.
    app = await startSimApp(testDb);
    const later = new Date(NOW.getTime() + 3 * HOUR);
    const result = await app.simulator.tick(later);
    expect(result.rejected).toBe(0);
    expect(result.duplicates).toBe(0);
    // Quarter hours for the first two hours, minutes for the last one.
    expect(result.readings).toBe(38 * (8 + 60));
    expect(await count(app, 'SELECT count(*)::int AS n FROM readings')).toBe(before + 38 * 68);

    const compressor = await app.db.query<{ ts: Date; kw: number; kwh_forward: number }>(
      `SELECT r.ts, r.kw, r.kwh_forward FROM readings r JOIN nodes n ON n.id = r.node_id
        WHERE n.name = 'Air Compressor 1' AND r.ts >= $1 ORDER BY r.ts LIMIT 2`,
      [NOW],
    );
    const [last, first] = compressor;
    const hours = (new Date(first!.ts).getTime() - new Date(last!.ts).getTime()) / HOUR;
    expect(hours).toBe(0.25);
    expect(first!.kwh_forward - last!.kwh_forward).toBeCloseTo(first!.kw * hours, 2);
  });

  it('completes an interrupted first-start backfill on the next start, counters joining exactly', async () => {
    await app.close();
    let batches = 0;
    app = await startSimApp(testDb, {
      enabled: false,
      batchSize: 1000,
      write: (factoryId, readings) => {
        batches += 1;
        if (batches > 3) return Promise.reject(new Error('server stopped'));
        return ingestReadings(app.db, factoryId, readings);
      },
    });
    await expect(app.simulator.backfill(NOW, SHORT_HISTORY)).rejects.toThrow('server stopped');
    const partial = await count(app, 'SELECT count(*)::int AS n FROM readings');
    expect(partial).toBeLessThan(38 * 100);
    await app.close();

    app = await startSimApp(testDb);
    const restart = new Date(NOW.getTime() + 10 * MINUTE);
    const result = await app.simulator.start(restart, () => undefined, SHORT_HISTORY);
    expect(result.rejected).toBe(0);
    expect(result.duplicates).toBe(0);
    const reach = await app.db.query<{ oldest: Date; n: number }>(
      'SELECT min(ts) AS oldest, count(*)::int AS n FROM readings',
    );
    expect(new Date(reach[0]!.oldest).getTime()).toBeLessThanOrEqual(
      restart.getTime() - 2 * 24 * HOUR + 15 * MINUTE,
    );
    expect(reach[0]!.n).toBeGreaterThan(38 * 2 * 24 * 4);

    // Every step of every node, across both seams, is counter += kW × Δt and never negative.
    const steps = await app.db.query<{ kw: number; df: number; dr: number; h: number }>(
      `SELECT kw, df, dr, h FROM (
         SELECT kw, kwh_forward - lag(kwh_forward) OVER w AS df,
                kwh_reverse - lag(kwh_reverse) OVER w AS dr,
                extract(epoch FROM ts - lag(ts) OVER w)::float8 / 3600 AS h
           FROM readings WINDOW w AS (PARTITION BY node_id ORDER BY ts)) s
        WHERE df IS NOT NULL`,
    );
    expect(steps.length).toBeGreaterThan(38 * 190);
    const bad = steps.filter(
      (s) => s.df < 0 || s.dr < 0 || Math.abs(s.df - s.dr - s.kw * s.h) > 0.003,
    );
    expect(bad).toEqual([]);
  });

  it('obeys on/off: a switched-off circuit reports ~0 kW', async () => {
    const nodes = await demoNodes(app);
    const chiller = nodes.find((node) => node.name === 'Chiller')!;
    app.simulator.setCircuitOn(chiller.id, false);
    expect(app.simulator.isCircuitOn(chiller.id)).toBe(false);
    await app.simulator.tick(NOW);
    app.simulator.setCircuitOn(chiller.id, true);
    await app.simulator.tick(new Date(NOW.getTime() + MINUTE));
    const rows = await app.db.query<{ kw: number }>(
      'SELECT kw FROM readings WHERE node_id = $1 ORDER BY ts',
      [chiller.id],
    );
    expect(rows.map((row) => row.kw)).toEqual([0, expect.any(Number)]);
    expect(rows[1]!.kw).toBeGreaterThan(30);
  });
});

describe('simulator plugin', () => {
  let testDb: TestDb;
  beforeAll(async () => {
    testDb = await openSimDb('pglite');
  });
  afterAll(async () => {
    await testDb.dispose();
  });
  beforeEach(async () => {
    await clearMeterData(testDb.db);
  });

  it('backfills in the background once the server listens, newest first', async () => {
    const newestPerBatch: number[] = [];
    const app = await startSimApp(testDb, {
      enabled: true,
      backfillTiers: SHORT_HISTORY,
      batchSize: 1000,
      write: (factoryId, readings) => {
        const newest = Math.max(...readings.map((reading) => Date.parse(reading.ts)));
        // Live ticks (later minutes than the backfill's first batch, which holds the start
        // minute) may interleave with the backfill; only the backfill must come newest first.
        if (newestPerBatch.length === 0 || newest <= newestPerBatch[0]!)
          newestPerBatch.push(newest);
        // The server's own path: stored and acknowledged, rolled up behind by the worker.
        return app.ingest(factoryId, readings, { path: 'simulator' });
      },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const result = await app.simulator.startup();
    expect(result?.rejected).toBe(0);
    expect(result?.accepted).toBe(38 * (2 * 24 * 4 + 1));
    await app.readingsFeed.idle();
    expect(await count(app, 'SELECT count(*)::int AS n FROM rollup_marks')).toBe(0);
    expect(await count(app, 'SELECT count(*)::int AS n FROM latest_readings')).toBe(38);
    // The first batch holds this minute; each later one is older than the one before.
    expect(Date.now() - newestPerBatch[0]!).toBeLessThan(2 * MINUTE);
    expect(newestPerBatch).toEqual([...newestPerBatch].sort((a, b) => b - a));
    expect(newestPerBatch.length).toBeGreaterThan(5);
    await app.close();
  });

  it('does nothing by itself when disabled', async () => {
    const app = await startSimApp(testDb, { enabled: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    expect(await app.simulator.startup()).toBeNull();
    expect(await count(app, 'SELECT count(*)::int AS n FROM readings')).toBe(0);
    await app.close();
  });
});
