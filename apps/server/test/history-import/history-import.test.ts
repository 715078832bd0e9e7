import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminHistoryImportChunk,
  adminHistoryImportPreview,
  StatusCode,
} from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { startAdminFixture, type AdminFixture } from '../admin/admin-fixture.ts';

const PREVIEW = '/v1/Admin/HistoryImport/Preview';
const CHUNK = '/v1/Admin/HistoryImport/Chunk';
const Q = 15 * 60_000;

describe.each(backends)('history import on %s', (backend) => {
  let f: AdminFixture;
  let meters: { id: number; serial: string }[];
  // Two days ago on a whole hour: inside the raw retention, clear of the live data.
  const start = Math.floor((Date.now() - 2 * 86_400_000) / 3_600_000) * 3_600_000;
  const at = (quarters: number) => new Date(start + quarters * Q).toISOString();

  beforeAll(async () => {
    f = await startAdminFixture(backend, { SIMULATOR: 'off' });
    meters = await f.t.testDb.db.query<{ id: number; serial: string }>(
      `SELECT id, serial FROM nodes WHERE factory_id = $1 AND type = 'smartMeter'
         AND serial IS NOT NULL ORDER BY id LIMIT 2`,
      [f.demoFactory],
    );
  });
  afterAll(() => f.close());

  const energy = async (nodeId: number) => {
    const [row] = await f.t.testDb.db.query<{ kwh: string | null }>(
      `SELECT sum(kwh_forward) AS kwh FROM rollups_15m WHERE node_id = $1 AND bucket_start >= $2`,
      [nodeId, new Date(start - Q).toISOString()],
    );
    return Number(row?.kwh ?? 0);
  };
  const readingsOf = (nodeId: number) =>
    f.t.testDb.db.query<{ ts: Date; kwh_forward: number }>(
      'SELECT ts, kwh_forward FROM readings WHERE node_id = $1 ORDER BY ts',
      [nodeId],
    );

  it('previews: guesses the mapping from the header, maps the first rows and says what it would refuse, storing nothing', async () => {
    const [m1] = meters;
    const csv = `Timestamp,Meter,kWh\n${at(1)},${m1!.serial},100\n${at(2)},${m1!.serial},abc\n${at(3)},NOPE,3\n`;
    const answer = adminHistoryImportPreview.response.parse(
      (await f.call(PREVIEW, f.adminToken, { format: 'readings', csv })).json(),
    );
    expect(answer.columns).toEqual(['Timestamp', 'Meter', 'kWh']);
    expect(answer.mapping).toEqual({ time: 'Timestamp', serial: 'Meter', kwh: 'kWh' });
    expect(answer.rows).toEqual([{ row: 1, serial: m1!.serial, ts: at(1), kwh: 100, kw: 0 }]);
    expect(
      answer.refused?.map(({ row, column, kind, value }) => [row, column, kind, value]),
    ).toEqual([
      [2, 'kWh', 'badNumber', 'abc'],
      [3, 'Meter', 'unknownMeter', 'NOPE'],
    ]);
    expect(await readingsOf(m1!.id)).toEqual([]);
  });

  it('a header it cannot read gives the columns and no mapping', async () => {
    const answer = adminHistoryImportPreview.response.parse(
      (await f.call(PREVIEW, f.adminToken, { format: 'readings', csv: 'a,b\n1,2\n' })).json(),
    );
    expect(answer).toMatchObject({ columns: ['a', 'b'], mapping: null, rows: [] });
  });

  it('previews a one-meter file before its meter is chosen: the guessed mapping and no rows', async () => {
    const answer = adminHistoryImportPreview.response.parse(
      (
        await f.call(PREVIEW, f.adminToken, {
          format: 'interval',
          csv: `Interval end,kWh\n${at(1)},2\n`,
        })
      ).json(),
    );
    expect(answer).toMatchObject({
      statusCode: StatusCode.OK,
      columns: ['Interval end', 'kWh'],
      mapping: { time: 'Interval end', kwh: 'kWh' },
      rows: [],
    });
  });

  it('imports a readings file with a bad row; the same file again changes nothing', async () => {
    const [, m2] = meters;
    const csv = [
      'time,serial,kwh,kw',
      `${at(1)},${m2!.serial},1000,`,
      `${at(2)},${m2!.serial},1002.5,`,
      `${at(3)},${m2!.serial},oops,`,
      `${at(4)},${m2!.serial},1004,6`,
    ].join('\n');
    const body = {
      format: 'readings',
      mapping: { time: 'time', serial: 'serial', kwh: 'kwh', kw: 'kw' },
      csv,
    };
    const first = adminHistoryImportChunk.response.parse(
      (await f.call(CHUNK, f.adminToken, body)).json(),
    );
    expect(first).toMatchObject({ rows: 4, accepted: 3, duplicates: 0, refusedCount: 1 });
    expect(first.refused).toEqual([
      {
        row: 3,
        column: 'kwh',
        kind: 'badNumber',
        value: 'oops',
        reason: 'kWh is not a number: "oops"',
      },
    ]);
    expect((await readingsOf(m2!.id)).map((r) => Number(r.kwh_forward))).toEqual([
      1000, 1002.5, 1004,
    ]);
    // The pipeline's rollups: energy between the first and last counter.
    expect(await energy(m2!.id)).toBeCloseTo(4, 6);

    const again = adminHistoryImportChunk.response.parse(
      (await f.call(CHUNK, f.adminToken, body)).json(),
    );
    expect(again).toMatchObject({ rows: 4, accepted: 0, duplicates: 3, refusedCount: 1 });
    expect(await readingsOf(m2!.id)).toHaveLength(3);
    expect(await energy(m2!.id)).toBeCloseTo(4, 6);

    const audits = await f.t.testDb.db.query<{ n: string }>(
      `SELECT count(*) AS n FROM audit_log WHERE factory_id = $1 AND action = 'history.import'`,
      [f.demoFactory],
    );
    expect(Number(audits[0]!.n)).toBe(1);
  });

  it('imports interval energy in two chunks as one running counter; the rollups hold every interval', async () => {
    const [m1] = meters;
    const local = (quarters: number) => at(quarters);
    const chunk = (firstRow: number, lines: string[]) =>
      f.call(CHUNK, f.adminToken, {
        format: 'interval',
        mapping: { time: 'Interval end', kwh: 'kWh' },
        meterSerial: m1!.serial,
        firstRow,
        csv: ['Interval end,kWh', ...lines].join('\n'),
      });
    const one = adminHistoryImportChunk.response.parse(
      (await chunk(1, [`${local(9)},2.5`, `${local(10)},1.5`])).json(),
    );
    const two = adminHistoryImportChunk.response.parse(
      (await chunk(3, [`${local(11)},3`, `${local(12)},-1`])).json(),
    );
    expect(one).toMatchObject({ rows: 2, accepted: 2, refusedCount: 0 });
    expect(two).toMatchObject({ rows: 2, accepted: 1, refusedCount: 1 });
    expect(two.refused?.[0]).toMatchObject({ row: 4, column: 'kwh', kind: 'negativeEnergy' });
    const stored = await readingsOf(m1!.id);
    expect(stored.map((r) => [new Date(r.ts).toISOString(), Number(r.kwh_forward)])).toEqual([
      [local(8), 0],
      [local(9), 2.5],
      [local(10), 4],
      [local(11), 7],
    ]);
    expect(await energy(m1!.id)).toBeCloseTo(7, 6);
    const again = adminHistoryImportChunk.response.parse(
      (await chunk(1, [`${local(9)},2.5`, `${local(10)},1.5`])).json(),
    );
    expect(again).toMatchObject({ accepted: 0, duplicates: 2 });
    expect(await readingsOf(m1!.id)).toHaveLength(4);
  });

  it('refuses interval rows before the meter’s stored readings (their counters would collide)', async () => {
    const [m1] = meters;
    // Quarters 9–11 were imported above; 2–3 lie before them and 24 after.
    const answer = adminHistoryImportChunk.response.parse(
      (
        await f.call(CHUNK, f.adminToken, {
          format: 'interval',
          mapping: { time: 't', kwh: 'e' },
          meterSerial: m1!.serial,
          csv: `t,e\n${at(2)},1\n${at(3)},1\n${at(24)},1\n`,
        })
      ).json(),
    );
    expect(answer).toMatchObject({ rows: 3, accepted: 1, refusedCount: 2 });
    expect(answer.refused?.map((r) => [r.row, r.kind])).toEqual([
      [1, 'laterReadings'],
      [2, 'laterReadings'],
    ]);
    const stored = await readingsOf(m1!.id);
    expect(
      stored.map((r) => [new Date(r.ts).toISOString(), Number(r.kwh_forward)]).slice(-1),
    ).toEqual([[at(24), 8]]);
  });

  it('refuses a mapping naming a column the file lacks, and a CSV that does not parse, storing nothing', async () => {
    const missing = await f.call(CHUNK, f.adminToken, {
      format: 'readings',
      mapping: { time: 'time', serial: 'serial', kwh: 'energy' },
      csv: `time,serial,kwh\n${at(20)},${meters[0]!.serial},1\n`,
    });
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toMatchObject({
      statusCode: StatusCode.Fail,
      message: 'mapping.kwh: the file has no column "energy" (it has time, serial, kwh)',
    });
    const broken = await f.call(CHUNK, f.adminToken, {
      format: 'readings',
      mapping: { time: 'time', kwh: 'kwh' },
      meterSerial: meters[0]!.serial,
      csv: 'time,kwh\n"unclosed,1\n',
    });
    expect(broken.json().message).toMatch(/^the CSV does not parse/);
    expect((await readingsOf(meters[0]!.id)).map((r) => new Date(r.ts).getTime())).not.toContain(
      start + 20 * Q,
    );
  });

  it('is for Admins only, and another factory’s Admin cannot reach this factory’s meters', async () => {
    const csv = `time,serial,kwh\n${at(30)},${meters[0]!.serial},5\n`;
    const body = {
      format: 'readings',
      mapping: { time: 'time', serial: 'serial', kwh: 'kwh' },
      csv,
    };
    const demo = await f.call(CHUNK, f.demoToken, body);
    expect(demo.json().statusCode).not.toBe(StatusCode.OK);
    const other = adminHistoryImportChunk.response.parse(
      (await f.call(CHUNK, f.otherAdminToken, body)).json(),
    );
    expect(other).toMatchObject({ accepted: 0, refusedCount: 1 });
    expect(other.refused?.[0]).toMatchObject({ kind: 'unknownMeter', value: meters[0]!.serial });
    expect((await readingsOf(meters[0]!.id)).map((r) => new Date(r.ts).getTime())).not.toContain(
      start + 30 * Q,
    );
  });
});
