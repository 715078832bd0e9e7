import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, adminFactoryResponse, adminJobListResponse } from '@wattboard/contract';
import { adminJobsIdle } from '../../src/modules/rollups/jobs/job-runner.ts';
import { insertGateway } from '../../src/modules/factory/repo/provisioning.ts';
import { backends } from '../helpers/backends.ts';
import { startAdminFixture, type AdminFixture } from './admin-fixture.ts';

const GET = '/v1/Admin/Factory/Get';
const UPDATE = '/v1/Admin/Factory/Update';
const HOUR = 3_600_000;
const phase = { voltage: 220, current: 5, kw: 1, pf: 0.95 };

describe.each(backends)('admin factory settings on %s', (backend) => {
  let f: AdminFixture;
  const settings = {
    name: 'Demo Plant',
    nameZh: '示範工廠',
    timeZone: 'Asia/Taipei',
    co2Factor: 0.5,
    contractCapacityKw: 300,
  };
  const db = () => f.t.testDb.db;

  beforeAll(async () => {
    f = await startAdminFixture(backend);
    // Readings of one meter over the last 30 hours, so several Taipei days hold rollups.
    const { key } = await db().transaction((tx) => insertGateway(tx, f.demoFactory, 'g'));
    const serial = (
      await db().query<{ serial: string }>(
        "SELECT serial FROM nodes WHERE factory_id = $1 AND type = 'smartMeter' ORDER BY id LIMIT 1",
        [f.demoFactory],
      )
    )[0]!.serial;
    const start = Math.floor(Date.now() / HOUR) * HOUR - 30 * HOUR;
    const readings = Array.from({ length: 61 }, (_, i) => ({
      serial,
      ts: new Date(start + (i * HOUR) / 2).toISOString(),
      phases: { a: phase, b: phase, c: phase },
      kwhForward: 1000 + i,
    }));
    const response = await f.t.app.inject({
      method: 'POST',
      url: '/v1/Ingest/Readings',
      headers: { authorization: `Bearer ${key}` },
      payload: { readings },
    });
    expect(response.json().accepted).toBe(61);
    await f.t.app.readingsFeed.idle();
  });
  afterAll(() => f.close());

  /** Per node: the 15-minute, hourly and daily energy, and the daily bucket starts. */
  const rollupState = async () => {
    const sums = await db().query<{ t: string; kwh: number }>(
      `SELECT 'q' AS t, sum(kwh_forward) AS kwh FROM rollups_15m WHERE factory_id = $1
       UNION ALL SELECT 'h', sum(kwh_forward) FROM rollups_1h WHERE factory_id = $1
       UNION ALL SELECT 'd', sum(kwh_forward) FROM rollups_1d WHERE factory_id = $1`,
      [f.demoFactory],
    );
    const days = await db().query<{ bucket_start: Date }>(
      'SELECT DISTINCT bucket_start FROM rollups_1d WHERE factory_id = $1 ORDER BY bucket_start',
      [f.demoFactory],
    );
    return {
      sums: Object.fromEntries(sums.map((row) => [row.t, Number(row.kwh)])),
      dayStarts: days.map((row) => new Date(row.bucket_start).toISOString().slice(11, 16)),
    };
  };

  it('reads and saves the settings, auditing what changed', async () => {
    const got = adminFactoryResponse.parse((await f.call(GET, f.adminToken)).json());
    expect(got.factory).toMatchObject({ slug: 'demo', timeZone: 'Asia/Taipei' });
    expect(got.job).toBeNull();
    const saved = adminFactoryResponse.parse(
      (await f.call(UPDATE, f.adminToken, { ...settings, co2Factor: '0.509' })).json(),
    );
    expect(saved.factory).toMatchObject({ ...settings, co2Factor: 0.509 });
    expect(saved.job).toBeNull();
    const audit = await db().query<{ detail: Record<string, { to: unknown }> }>(
      "SELECT detail FROM audit_log WHERE action = 'factory.update'",
    );
    expect(audit[0]!.detail.co2Factor!.to).toBe(0.509);
    expect(audit[0]!.detail).not.toHaveProperty('timeZone');
  });

  it('changing the time zone re-aligns hourly and daily rollups in the background, energy unchanged', async () => {
    const before = await rollupState();
    expect(before.dayStarts.every((start) => start === '16:00')).toBe(true);
    expect(before.sums.d).toBeCloseTo(before.sums.q!, 6);

    const saved = adminFactoryResponse.parse(
      (await f.call(UPDATE, f.adminToken, { ...settings, timeZone: 'America/New_York' })).json(),
    );
    expect(saved.factory.timeZone).toBe('America/New_York');
    expect(saved.job).toMatchObject({
      kind: 'time-zone',
      state: 'running',
      detail: { fromZone: 'Asia/Taipei', toZone: 'America/New_York' },
    });
    await adminJobsIdle(db());
    const after = await rollupState();
    expect(after.dayStarts.length).toBeGreaterThan(0);
    expect(after.dayStarts.every((start) => start === '05:00')).toBe(true);
    expect(after.sums.q).toBe(before.sums.q);
    expect(after.sums.h).toBeCloseTo(before.sums.q!, 6);
    expect(after.sums.d).toBeCloseTo(before.sums.q!, 6);
    const jobs = adminJobListResponse.parse(
      (await f.call('/v1/Admin/Job/List', f.adminToken)).json(),
    );
    expect(jobs.jobs[0]).toMatchObject({ state: 'done', error: null });
    expect(jobs.jobs[0]!.done).toBe(jobs.jobs[0]!.total);
    expect(jobs.jobs[0]!.total).toBeGreaterThanOrEqual(2);

    await f.call(UPDATE, f.adminToken, settings);
    await adminJobsIdle(db());
    expect(await rollupState()).toEqual({ ...before, sums: expect.any(Object) });
    expect((await rollupState()).sums.d).toBeCloseTo(before.sums.q!, 6);
  });

  it('refuses a second time-zone change while a recomputation runs, changing nothing', async () => {
    await db().query(
      "INSERT INTO admin_jobs (factory_id, kind, total) VALUES ($1, 'virtual-members', 5)",
      [f.demoFactory],
    );
    const busy = await f.call(UPDATE, f.adminToken, { ...settings, timeZone: 'Europe/Berlin' });
    expect(busy.json()).toMatchObject({ statusCode: 201, message: ADMIN_MESSAGES.jobRunning });
    const got = adminFactoryResponse.parse((await f.call(GET, f.adminToken)).json());
    expect(got.factory.timeZone).toBe('Asia/Taipei');
    expect(got.job).toMatchObject({ state: 'running', total: 5 });
    // Other settings still save.
    const other = await f.call(UPDATE, f.adminToken, { ...settings, name: 'Renamed' });
    expect(other.json().factory.name).toBe('Renamed');
    await db().query(
      "UPDATE admin_jobs SET state = 'failed', finished_at = now() WHERE state = 'running'",
    );
  });

  it('refuses bad values naming the field, non-Admins, and another factory', async () => {
    for (const [patch, field] of [
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ co2Factor: -1 }, 'co2Factor'],
      [{ co2Factor: 'lots' }, 'co2Factor'],
      [{ contractCapacityKw: 0 }, 'contractCapacityKw'],
      [{ contractCapacityKw: 'Infinity' }, 'contractCapacityKw'],
      [{ name: '' }, 'name'],
    ] as const) {
      const response = await f.call(UPDATE, f.adminToken, { ...settings, ...patch });
      expect(response.statusCode, JSON.stringify(patch)).toBe(400);
      expect(response.json().message).toContain(field);
    }
    expect(
      (await f.call(UPDATE, f.adminToken, { ...settings, contractCapacityKw: null })).json().factory
        .contractCapacityKw,
    ).toBeNull();
    expect((await f.call(GET, f.demoToken)).statusCode).toBe(403);
    expect((await f.call(UPDATE, f.demoToken, settings)).statusCode).toBe(403);
    const foreign = await f.call(UPDATE, f.adminToken, { ...settings, factoryId: f.otherFactory });
    expect(foreign.json().statusCode).toBe(1008);
    const theirs = adminFactoryResponse.parse((await f.call(GET, f.otherAdminToken)).json());
    expect(theirs.factory.timeZone).toBe('Europe/Berlin');
  });
});
