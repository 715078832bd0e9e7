import { describe, expect, it } from 'vitest';
import { adminFactoryResponse } from '@wattboard/contract';
import { INTERRUPTED } from '../../src/modules/rollups/jobs/job-runner.ts';
import { backends } from '../helpers/backends.ts';
import { startAdminFixture } from './admin-fixture.ts';

const DAYS = 120;

describe.each(backends)('a recomputation when the server stops on %s', (backend) => {
  it('lets the server answer meanwhile, then ends after its current day, marked failed as interrupted', async () => {
    const f = await startAdminFixture(backend);
    const db = f.t.testDb.db;
    const node = (
      await db.query<{ id: number }>(
        "SELECT id FROM nodes WHERE factory_id = $1 AND type = 'smartMeter' ORDER BY id LIMIT 1",
        [f.demoFactory],
      )
    )[0]!.id;
    const from = Math.floor((Date.now() - DAYS * 86_400_000) / 900_000) * 900_000;
    await db.query(
      `INSERT INTO rollups_15m (factory_id, node_id, bucket_start, kwh_forward, samples)
       SELECT $1, $2, to_timestamp(($3::bigint + s::bigint * 900000) / 1000.0), 0.25, 15
         FROM generate_series(0, $4::int) s
       ON CONFLICT DO NOTHING`,
      [f.demoFactory, node, from, DAYS * 96],
    );
    const response = await f.call('/v1/Admin/Factory/Update', f.adminToken, {
      name: 'Demo',
      nameZh: '示範',
      timeZone: 'Europe/Berlin',
      co2Factor: 0.5,
      contractCapacityKw: null,
    });
    const { job } = adminFactoryResponse.parse(response.json());
    expect(job?.total).toBeGreaterThanOrEqual(DAYS);

    // The server answers while the job runs (it yields between days, also on PGlite).
    const progress = await f.call('/v1/Admin/Job/List', f.adminToken);
    expect(progress.json().jobs[0]).toMatchObject({ id: job!.id, state: 'running' });
    expect(progress.json().jobs[0].done).toBeLessThan(job!.total);

    await f.t.app.close();
    const rows = await db.query<{
      state: string;
      error: string | null;
      done: number;
      total: number;
    }>('SELECT state, error, done, total FROM admin_jobs WHERE id = $1', [job!.id]);
    expect(rows[0]).toMatchObject({ state: 'failed', error: INTERRUPTED });
    expect(rows[0]!.done).toBeLessThan(rows[0]!.total);
    await f.t.testDb.dispose();
  });
});
