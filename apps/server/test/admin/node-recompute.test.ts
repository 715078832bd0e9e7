import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  adminGatewayCreateResponse,
  adminJobListResponse,
  adminNodeAnswer,
} from '@wattboard/contract';
import { adminJobsIdle } from '../../src/modules/rollups/jobs/job-runner.ts';
import { rollupWorkerOf } from '../../src/modules/rollups/rollup-worker.ts';
import { backends } from '../helpers/backends.ts';
import { startAdminFixture, type AdminFixture } from './admin-fixture.ts';

const RECOMPUTE = '/v1/Admin/Node/Recompute';
const QUARTER = 15 * 60_000;
/** 2026-11-20 00:00 in Asia/Taipei (the demo factory's zone), and the day's string. */
const DAY_START = Date.UTC(2026, 10, 19, 16);
const DAY = '2026-11-20';
const phase = { voltage: 220, current: 5, kw: 1, pf: 0.95 };

/**
 * Admin › Monitoring points › Recompute (issue #9): a node's rollups rebuilt
 * from its raw readings over a range of days, in the background: rows an old
 * defect wrote wrong come back exact, for the node and its virtual ancestors.
 */
describe.each(backends)('admin: recompute a node’s rollups on %s', (backend) => {
  let f: AdminFixture;
  let meter: number;
  let parent: number;

  const rollupRows = async (nodeId: number) => {
    const rows = [];
    for (const table of ['rollups_15m', 'rollups_1h', 'rollups_1d']) {
      rows.push(
        ...(await f.t.testDb.db.query(
          `SELECT '${table}' AS t, bucket_start, kwh_forward FROM ${table}
            WHERE node_id = $1 ORDER BY bucket_start`,
          [nodeId],
        )),
      );
    }
    return rows;
  };

  beforeAll(async () => {
    f = await startAdminFixture(backend);
    const gateway = await f.call('/v1/Admin/Gateway/Create', f.adminToken, { name: 'G' });
    const key = adminGatewayCreateResponse.parse(gateway.json()).key;
    const { node: hall } = adminNodeAnswer.parse(
      (
        await f.call('/v1/Admin/Node/Add', f.adminToken, {
          type: 'virtual',
          name: 'Hall R',
          chName: 'R 廠房',
        })
      ).json(),
    );
    const { node } = adminNodeAnswer.parse(
      (
        await f.call('/v1/Admin/Node/Add', f.adminToken, {
          type: 'smartMeter',
          name: 'Recompute meter',
          chName: '重算電表',
          serial: 'RCM-1',
          wiring: 'a,b,c',
          parentId: hall.id,
        })
      ).json(),
    );
    [meter, parent] = [node.id, hall.id];
    // 40 kW steady over the day's first 3 hours: 10 kWh a quarter hour.
    const readings = Array.from({ length: 13 }, (_, i) => ({
      serial: 'RCM-1',
      ts: new Date(DAY_START + i * QUARTER).toISOString(),
      phases: { a: phase, b: phase, c: phase },
      kwhForward: 1000 + 10 * i,
    }));
    const stored = await f.t.app.inject({
      method: 'POST',
      url: '/v1/Ingest/Readings',
      headers: { authorization: `Bearer ${key}` },
      payload: { readings },
    });
    expect(stored.json().accepted, stored.body).toBe(13);
    await rollupWorkerOf(f.t.testDb.db)?.settle(f.demoFactory);
  });
  afterAll(() => f.close());

  it('rebuilds rows written wrong, for the node and its virtual parent, as a background job', async () => {
    const exact = [await rollupRows(meter), await rollupRows(parent)];
    expect(exact[0]!.filter((r) => r.t === 'rollups_15m').length).toBeGreaterThanOrEqual(12);
    // What an old defect left behind: a bucket lost, others booked wrong.
    await f.t.testDb.db.query(`DELETE FROM rollups_15m WHERE node_id = $1 AND bucket_start = $2`, [
      meter,
      new Date(DAY_START + QUARTER).toISOString(),
    ]);
    for (const table of ['rollups_15m', 'rollups_1h', 'rollups_1d']) {
      await f.t.testDb.db.query(
        `UPDATE ${table} SET kwh_forward = kwh_forward + 12345 WHERE node_id = ANY($1::int[])`,
        [[meter, parent]],
      );
    }
    expect(await rollupRows(meter)).not.toEqual(exact[0]);

    const answer = await f.call(RECOMPUTE, f.adminToken, { nodeId: meter, from: DAY, to: DAY });
    expect(answer.json().statusCode, answer.body).toBe(200);
    const { job } = adminNodeAnswer.parse(answer.json());
    expect(job).toMatchObject({ kind: 'recompute', total: 1 });
    expect(job!.detail).toEqual({ nodeIds: [meter], from: DAY, to: DAY });
    await adminJobsIdle(f.t.testDb.db);
    expect([await rollupRows(meter), await rollupRows(parent)]).toEqual(exact);

    const jobs = adminJobListResponse.parse(
      (await f.call('/v1/Admin/Job/List', f.adminToken)).json(),
    );
    expect(jobs.jobs[0]).toMatchObject({ kind: 'recompute', state: 'done', done: 1, total: 1 });
    const audit = await f.t.testDb.db.query<{ detail: Record<string, unknown> }>(
      "SELECT detail FROM audit_log WHERE action = 'node.recompute'",
    );
    expect(audit.map((row) => row.detail)).toEqual([{ from: DAY, to: DAY, days: 1 }]);
  });

  it('refuses bad ranges naming the field, other factories’ nodes, non-Admins and a second job', async () => {
    const refused = async (body: Record<string, unknown>, field: string) => {
      const answer = await f.call(RECOMPUTE, f.adminToken, { nodeId: meter, ...body });
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.body).toContain(field);
    };
    await refused({ from: '2026-11-20', to: '2026-11-19' }, 'to must not be before from');
    await refused({ from: '2025-01-01', to: '2026-11-20' }, 'to must be within 400 days of from');
    await refused({ from: '2026-11-31', to: '2026-12-01' }, 'from');
    await refused({ from: DAY }, 'to');

    const theirs = await f.t.testDb.db.query<{ id: number }>(
      'SELECT id FROM nodes WHERE factory_id = $1 LIMIT 1',
      [f.otherFactory],
    );
    const foreign = await f.call(RECOMPUTE, f.adminToken, {
      nodeId: theirs[0]?.id ?? 999_999,
      from: DAY,
      to: DAY,
    });
    expect(foreign.json()).toMatchObject({
      statusCode: 1009,
      message: ADMIN_MESSAGES.nodeNotFound,
    });
    const asDemo = await f.call(RECOMPUTE, f.demoToken, { nodeId: meter, from: DAY, to: DAY });
    expect(asDemo.statusCode).toBe(403);

    await f.t.testDb.db.query(
      "INSERT INTO admin_jobs (factory_id, kind, total) VALUES ($1, 'time-zone', 3)",
      [f.demoFactory],
    );
    const busy = await f.call(RECOMPUTE, f.adminToken, { nodeId: meter, from: DAY, to: DAY });
    expect(busy.json()).toMatchObject({ statusCode: 201, message: ADMIN_MESSAGES.jobRunning });
    await f.t.testDb.db.query("DELETE FROM admin_jobs WHERE state = 'running'");
  });
});
