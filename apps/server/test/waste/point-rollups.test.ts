import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quarterRollups } from '../../src/modules/baseline/index.ts';
import {
  activePointRollups,
  POINTS_PER_QUERY,
  rollupsOfPoints,
} from '../../src/modules/waste/repo/point-rollups.ts';
import type { Db } from '../../src/platform/db/db.ts';
import { migrate } from '../../src/platform/db/migrate.ts';
import { backends, openTestDb, type TestDb } from '../helpers/backends.ts';
import { createFactory, createNode } from '../monitor/monitor-app.ts';

const QUARTER_MS = 15 * 60_000;
const T0 = Date.parse('2026-11-01T16:00:00Z');
const range = { from: T0 + 4 * QUARTER_MS, to: T0 + 200 * QUARTER_MS };

/**
 * Rollups unlike each other per point, so a row given to the wrong point, out
 * of order or with a column mixed up shows: reverse energy on some quarters,
 * silent quarters (samples 0), gaps, rows on both sides of the range.
 */
async function writeRollups(db: Db, factoryId: number, nodeId: number, seed: number) {
  const starts: string[] = [];
  const forward: number[] = [];
  const reverse: number[] = [];
  const samples: number[] = [];
  for (let q = 0; q < 220; q += 1) {
    if ((q + seed) % 7 === 0) continue;
    starts.push(new Date(T0 + q * QUARTER_MS).toISOString());
    forward.push(((q * 37 + seed * 11) % 23) / 7);
    reverse.push(q % 5 === seed % 5 ? 0.125 * seed : 0);
    samples.push((q + seed) % 11 === 0 ? 0 : 15);
  }
  await db.query(
    `INSERT INTO rollups_15m (factory_id, node_id, bucket_start, kwh_forward, kwh_reverse, samples)
     SELECT $1, $2, s, f, r, n
       FROM unnest($3::timestamptz[], $4::float8[], $5::float8[], $6::int[]) AS u (s, f, r, n)`,
    [factoryId, nodeId, starts, forward, reverse, samples],
  );
}

describe.each(backends)('the finder reads every point in few statements on %s', (backend) => {
  let testDb: TestDb;
  let factoryId: number;
  let other: number;
  const pointIds: number[] = [];

  beforeAll(async () => {
    testDb = await openTestDb(backend);
    await migrate(testDb.db);
    const db = testDb.db;
    ({ factoryId } = await createFactory(db, 'rollups', 'Asia/Taipei', 0.5));
    ({ factoryId: other } = await createFactory(db, 'rollups-other', 'Asia/Taipei', 0.5));
    // More points than one statement takes, so the batches meet.
    for (let i = 0; i < POINTS_PER_QUERY + 3; i += 1) {
      const id = await createNode(db, factoryId, {
        parentId: null,
        type: 'smartMeter',
        name: `Meter ${i}`,
        chName: `電表 ${i}`,
        wiring: 'a,b,c',
        serial: `ROLLUPS-${i}`,
      });
      pointIds.push(id);
      // One point never reported: it must still be listed, with no rows.
      if (i !== 5) await writeRollups(db, factoryId, id, i + 1);
    }
    // Another factory's rows under one of these ids must never be read.
    const stranger = await createNode(db, other, {
      parentId: null,
      type: 'smartMeter',
      name: 'Stranger',
      chName: '他廠',
      wiring: 'a,b,c',
      serial: 'ROLLUPS-OTHER',
    });
    await writeRollups(db, other, stranger, 99);
  }, 120_000);

  afterAll(async () => {
    await testDb.dispose();
  });

  it('gives each point exactly what baseline reads for it, one point at a time', async () => {
    const byNode = await rollupsOfPoints(testDb.db, factoryId, pointIds, range);
    expect([...byNode.keys()].sort((a, b) => a - b)).toEqual([...pointIds].sort((a, b) => a - b));
    for (const id of pointIds) {
      const alone = await quarterRollups(testDb.db, factoryId, id, range);
      expect(byNode.get(id)).toEqual(alone);
    }
    expect(byNode.get(pointIds[5]!)).toEqual([]);
    expect(byNode.get(pointIds[0]!)!.length).toBeGreaterThan(150);
  });

  it('lists every active point with its rows across batches', async () => {
    const points = await activePointRollups(testDb.db, factoryId, range);
    expect(points.map((point) => point.node.id)).toEqual(pointIds);
    const last = pointIds.at(-1)!;
    expect(points.at(-1)!.rows).toEqual(await quarterRollups(testDb.db, factoryId, last, range));
  });

  it('reads nothing of another factory and nothing for no points', async () => {
    const byNode = await rollupsOfPoints(testDb.db, other, pointIds, range);
    expect([...byNode.values()].every((rows) => rows.length === 0)).toBe(true);
    expect((await rollupsOfPoints(testDb.db, factoryId, [], range)).size).toBe(0);
  });
});
