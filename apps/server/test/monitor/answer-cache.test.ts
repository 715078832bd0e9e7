import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../helpers/backends.ts';
import { AnswerCache } from '../../src/modules/monitor/answer-cache.ts';
import { LISTENER_APPLICATION_NAME } from '../../src/platform/db/postgres-listener.ts';
import {
  call,
  CONSUMPTION_QUERY,
  MONITOR_DEVICE,
  POWER_DETAIL,
  signIn,
  startMonitorApp,
  type MonitorTestApp,
  type Session,
} from './monitor-app.ts';
import { PLANT_NOW, seedPlant, type Plant } from './plant-fixture.ts';

const SATURDAY = { start: '2026-11-21', end: '2026-11-21' };
const TODAY = { start: '2026-11-22', end: '2026-11-22' };
// The plant's Saturday starts at 2026-11-20T16:00Z (Asia/Taipei).
const SATURDAY_FIRST_QUARTER = '2026-11-20T16:00:00Z';

describe.each(backends)('monitor answers kept between data changes on %s', (backend) => {
  let t: MonitorTestApp;
  let plant: Plant;
  let session: Session;
  let clock = PLANT_NOW;
  const answers = new AnswerCache();

  /**
   * The answer, and how many statements the database ran for it (the pool's, not the
   * feed's fence): none when the session and the answer were both kept.
   */
  const measured = async (path: string, fields: Record<string, unknown>) => {
    const before = t.db.stats!().queries;
    const response = await call(t.app, session, path, { factoryId: 0, ...fields });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.statusCode).toBe(200);
    return { body, statements: t.db.stats!().queries - before };
  };
  const device = () => measured(MONITOR_DEVICE, { deviceId: plant.rootId, timeRange: TODAY });
  const chart = () =>
    measured(POWER_DETAIL, { deviceId: plant.meterA, timeRange: SATURDAY, resolution: 15 });
  const firstBar = (body: { energyChart: { kwhChart: { value: number | null }[] } }) =>
    body.energyChart.kwhChart[0]!.value;

  beforeAll(async () => {
    t = await startMonitorApp(backend, () => clock, answers);
    plant = await seedPlant(t.db);
    session = await signIn(t.app, plant);
  });
  afterAll(() => t.close());

  it('answers a repeated call from what it kept, without a statement', async () => {
    const first = await device();
    const again = await device();
    expect(again.body).toEqual(first.body);
    expect(first.statements).toBeGreaterThan(5);
    expect(again.statements).toBe(0);
    // The envelope is the caller's, never the kept one's.
    expect(again.body.token).toBe(session.token);
    expect(again.body.action).toBe(MONITOR_DEVICE);
    expect(answers.size).toBeGreaterThan(0);
  });

  it('shows a committed change of the rollups at once', async () => {
    const before = await chart();
    expect((await chart()).statements).toBe(0);
    await t.db.query(
      `UPDATE rollups_15m SET kwh_forward = kwh_forward + 1
        WHERE node_id = $1 AND bucket_start = $2`,
      [plant.meterA, SATURDAY_FIRST_QUARTER],
    );
    const after = await chart();
    expect(after.statements).toBeGreaterThan(0);
    expect(firstBar(after.body)).toBeCloseTo(firstBar(before.body)! + 1, 6);
  });

  it('never counts a change that was rolled back', async () => {
    await chart();
    await expect(
      t.db.transaction(async (tx) => {
        await tx.query(`UPDATE rollups_15m SET kwh_forward = 0 WHERE node_id = $1`, [plant.meterA]);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await chart()).statements).toBe(0);
  });

  it('shows a renamed node and an emptied table at once', async () => {
    await device();
    await t.db.query(`UPDATE nodes SET name = 'Whole plant' WHERE id = $1`, [plant.rootId]);
    expect((await device()).body.description).toBe('Whole plant');
    // TRUNCATE names no rows: it counts as a change of every factory.
    const full = await device();
    await t.db.query(`TRUNCATE latest_readings`);
    const emptied = await device();
    expect(emptied.statements).toBeGreaterThan(0);
    // The meters' latest per-phase values are gone from the answer.
    expect(emptied.body.channelList[1].channels).not.toEqual(full.body.channelList[1].channels);
  });

  it("keeps a factory's answers when another factory's data changes", async () => {
    await chart();
    const other = await t.db.query<{ id: number }>(
      `INSERT INTO factories (slug, name, name_zh, time_zone) VALUES ('other', 'Other', '其他', 'Asia/Taipei') RETURNING id`,
    );
    await t.db.query(
      `INSERT INTO nodes (factory_id, parent_id, type, ch_name, name) VALUES ($1, NULL, 'virtual', '其他', 'Other')`,
      [other[0]!.id],
    );
    expect((await chart()).statements).toBe(0);
  });

  it('keeps a consumption query until its rollups or the emission factor change', async () => {
    const consumption = () =>
      measured(CONSUMPTION_QUERY, {
        deviceId: plant.meterA,
        segmentInfo: {
          dateRange: { startDate: '2026-11-21', endDate: '2026-11-22' },
          timeRange: { startTime: '00:00', endTime: '00:00' },
          weekdays: ['Sat', 'Sun'],
        },
      });
    const first = await consumption();
    expect(first.statements).toBeGreaterThan(0);
    expect((await consumption()).statements).toBe(0);
    await t.db.query(
      `UPDATE rollups_15m SET kwh_forward = kwh_forward + 2
        WHERE node_id = $1 AND bucket_start = $2`,
      [plant.meterA, SATURDAY_FIRST_QUARTER],
    );
    const more = await consumption();
    expect(more.body.totalConsumed).toBeCloseTo(first.body.totalConsumed + 2, 6);
    // 2026's own factor, twice the factory's single one (0.5 kg/kWh).
    await t.db.query(
      `INSERT INTO emission_factors (factory_id, year, kg_per_kwh)
       SELECT id, 2026, co2_factor * 2 FROM factories WHERE id = $1`,
      [plant.factoryId],
    );
    const doubled = await consumption();
    expect(doubled.statements).toBeGreaterThan(0);
    expect(doubled.body.totalCo2).toBeCloseTo(more.body.totalCo2 * 2, 6);
  });

  it('computes anew when the clock crosses a quarter hour, not before', async () => {
    clock = new Date('2026-11-22T07:07:00Z');
    await device();
    clock = new Date('2026-11-22T07:14:59.999Z');
    expect((await device()).statements).toBe(0);
    clock = new Date('2026-11-22T07:15:00Z');
    expect((await device()).statements).toBeGreaterThan(0);
    // Back before the window it was computed in: not served either.
    clock = new Date('2026-11-22T07:14:00Z');
    expect((await device()).statements).toBeGreaterThan(0);
    clock = PLANT_NOW;
  });

  it('shows a change to every one of many concurrent requests made after it', async () => {
    const before = firstBar((await chart()).body)!;
    await t.db.query(
      `UPDATE rollups_15m SET kwh_forward = kwh_forward + 1
        WHERE node_id = $1 AND bucket_start = $2`,
      [plant.meterA, SATURDAY_FIRST_QUARTER],
    );
    const replies = await Promise.all(Array.from({ length: 16 }, () => chart()));
    for (const { body } of replies) expect(firstBar(body)).toBeCloseTo(before + 1, 6);
  });

  it.runIf(backend === 'postgres')(
    'serves nothing kept while the feed is down, and catches up when it is back',
    async () => {
      await chart();
      await t.db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`,
        [LISTENER_APPLICATION_NAME],
      );
      // Changed while nobody listened: no notification of it will ever arrive.
      await t.db.query(
        `UPDATE rollups_15m SET kwh_forward = kwh_forward + 2
          WHERE node_id = $1 AND bucket_start = $2`,
        [plant.meterA, SATURDAY_FIRST_QUARTER],
      );
      const before = firstBar((await chart()).body)!;
      await t.db.query(
        `UPDATE rollups_15m SET kwh_forward = kwh_forward + 3
          WHERE node_id = $1 AND bucket_start = $2`,
        [plant.meterA, SATURDAY_FIRST_QUARTER],
      );
      expect(firstBar((await chart()).body)).toBeCloseTo(before + 3, 6);
    },
  );
});
