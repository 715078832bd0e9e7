import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  channelReportResponse,
  ingestResponse,
  reportEnergyResponse,
  type EnergyInterval,
} from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { call, signIn, type Session } from '../monitor/monitor-app.ts';
import { ENERGY, EXPORT, parseCsv, REPORT } from './report-app.ts';
import {
  GATEWAY_KEY,
  seedKvarhPlant,
  startKvarhApp,
  wireReadings,
  type KvarhPlant,
} from './kvarh-fixture.ts';

/** Issue #24: the lagging kvarh counter from the ingest call to the rollups, the Report and its files. */
describe.each(backends)('lagging kvarh end to end on %s', (backend) => {
  let t: Awaited<ReturnType<typeof startKvarhApp>>;
  let plant: KvarhPlant;
  let session: Session;
  const range = () => ({ factoryId: 0, dtStart: plant.day, dtEnd: plant.day });
  const energy = async (meter: number, interval: EnergyInterval) =>
    reportEnergyResponse.parse(
      (await call(t.app, session, ENERGY, { ...range(), smartmeterId: meter, interval })).json(),
    );
  /** A node's rollup rows of the day (by bucket start), kvarh as stored. */
  const stored = async (table: string, nodeId: number) =>
    (
      await t.db.query<{ kwh_forward: number; kvarh_lagging: number | null }>(
        `SELECT kwh_forward, kvarh_lagging FROM ${table}
          WHERE node_id = $1 AND bucket_start >= $2 AND bucket_start < $3 ORDER BY bucket_start`,
        [nodeId, new Date(plant.from).toISOString(), new Date(plant.to).toISOString()],
      )
    ).map((row) => row.kvarh_lagging);

  beforeAll(async () => {
    t = await startKvarhApp(backend);
    plant = await seedKvarhPlant(t.db);
    session = await signIn(t.app, plant);
    const post = (readings: unknown[]) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/Ingest/Readings',
        headers: { authorization: `Bearer ${GATEWAY_KEY}` },
        payload: { readings },
      });
    const response = await post(wireReadings(plant));
    expect(ingestResponse.parse(response.json())).toEqual({
      accepted: 97 * 3,
      duplicates: 0,
      rejected: [],
    });
  });
  afterAll(() => t.close());

  it('refuses a negative kvarh counter over the ingest call, naming the field', async () => {
    const [reading] = wireReadings(plant);
    const response = await t.app.inject({
      method: 'POST',
      url: '/v1/Ingest/Readings',
      headers: { authorization: `Bearer ${GATEWAY_KEY}` },
      payload: { readings: [{ ...reading, ts: new Date(plant.to + 60_000), kvarhLagging: -1 }] },
    });
    expect(ingestResponse.parse(response.json()).rejected).toEqual([
      { index: 0, serial: 'kv-K', reason: 'kvarhLagging: negative counter (-1)' },
    ]);
  });

  it('stores the counter and books its increase into the 15-minute, hourly and daily rollups', async () => {
    const raw = await t.db.query<{ kvarh_lagging: number | null }>(
      'SELECT kvarh_lagging FROM readings WHERE node_id = $1 ORDER BY ts LIMIT 2',
      [plant.meterK],
    );
    expect(raw.map((row) => row.kvarh_lagging)).toEqual([500, 500.5]);
    expect(await stored('rollups_15m', plant.meterK)).toEqual(Array(96).fill(0.5));
    expect(await stored('rollups_1h', plant.meterK)).toEqual(Array(24).fill(2));
    expect(await stored('rollups_1d', plant.meterK)).toEqual([48]);
    // A virtual node sums its members' kvarh as it sums their kWh.
    expect(await stored('rollups_1d', plant.lineK)).toEqual([48]);
  });

  it('keeps a missing kvarh missing: no counter, no part, no partial sum', async () => {
    expect(await stored('rollups_15m', plant.meterN)).toEqual(Array(96).fill(null));
    expect(await stored('rollups_1d', plant.meterN)).toEqual([null]);
    // L's counter starts at 12:00: the morning is unknown, the afternoon measured.
    const quarters = await stored('rollups_15m', plant.meterL);
    expect(quarters).toEqual([...Array(48).fill(null), ...Array(48).fill(0.5)]);
    expect(await stored('rollups_1h', plant.meterL)).toEqual([
      ...Array(12).fill(null),
      ...Array(12).fill(2),
    ]);
    expect(await stored('rollups_1d', plant.meterL)).toEqual([null]);
    // The plant sums K, N and L: N has none, so neither has the plant.
    expect(await stored('rollups_1d', plant.plant)).toEqual([null]);
  });

  it("answers each reading's counter in the Report's raw records, null without one", async () => {
    const rows = async (meter: number) =>
      channelReportResponse.parse(
        (await call(t.app, session, REPORT, { ...range(), smartmeterId: meter })).json(),
      ).reportList;
    const k = await rows(plant.meterK);
    expect(k).toHaveLength(96);
    expect(k.slice(0, 2).map((row) => [row.kwhForward, row.kvarhLagging])).toEqual([
      [1000, 500],
      [1001, 500.5],
    ]);
    expect((await rows(plant.meterN)).every((row) => row.kvarhLagging === null)).toBe(true);
  });

  it("answers each interval's and the range's kvarh in the energy view", async () => {
    const hours = await energy(plant.meterK, 'hour');
    expect(hours.energyList.map((row) => row.kvarhLagging)).toEqual(Array(24).fill(2));
    expect(hours.totalList[0]).toMatchObject({ kwhForward: 96, kvarhLagging: 48 });
    const days = await energy(plant.meterK, 'day');
    expect(days.energyList.map((row) => [row.kwhForward, row.kvarhLagging])).toEqual([[96, 48]]);

    const none = await energy(plant.meterN, 'day');
    expect(none.energyList[0]).toMatchObject({ kwhForward: 96, kvarhLagging: null });
    expect(none.totalList[0]).toMatchObject({ kwhForward: 96, kvarhLagging: null });

    const partly = await energy(plant.meterL, 'hour');
    expect(partly.energyList.map((row) => row.kvarhLagging)).toEqual([
      ...Array(12).fill(null),
      ...Array(12).fill(2),
    ]);
    expect(partly.totalList[0]!.kvarhLagging).toBeNull();
  });

  it('writes the column into the CSV and Excel files, empty where there is no counter', async () => {
    const file = (meter: number, fields: Record<string, unknown>) =>
      call(t.app, session, EXPORT, { ...range(), smartmeterId: meter, ...fields });
    const readings = parseCsv((await file(plant.meterK, { format: 'csv' })).body.slice(1));
    const at = readings[0]!.indexOf('Lagging reactive energy (kvarh)');
    expect(readings[0]![at - 1]).toBe('Net energy (kWh)');
    expect(readings.slice(1, 3).map((cells) => cells[at])).toEqual(['500', '500.5']);
    const withoutCounter = parseCsv((await file(plant.meterN, { format: 'csv' })).body.slice(1));
    expect(withoutCounter[1]![at]).toBe('');

    const zh = { format: 'csv', lang: 'zh-TW', kind: 'energy', interval: 'day' };
    const [zhHeader, zhRow] = parseCsv((await file(plant.meterK, zh)).body.slice(1));
    expect(zhRow![zhHeader!.indexOf('落後虛功電能 (kvarh)')]).toBe('48');

    const xlsx = { format: 'xlsx', kind: 'energy', interval: 'hour' };
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await file(plant.meterL, xlsx)).rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    const column = header.indexOf('Lagging reactive energy (kvarh)') + 1;
    expect(column).toBeGreaterThan(0);
    const values = Array.from({ length: 24 }, (_, i) => sheet.getRow(i + 2).getCell(column).value);
    expect(values).toEqual([...Array(12).fill(null), ...Array(12).fill(2)]);
  });
});
