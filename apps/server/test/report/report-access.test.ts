import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelReportResponse, REPORT_ROW_CAP, StatusCode } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { call, createNode, signIn, type Session } from '../monitor/monitor-app.ts';
import {
  ENERGY,
  EXPORT,
  EXPORT_LINK,
  REPORT,
  startReportApp,
  type ReportTestApp,
} from './report-app.ts';
import { FIXTURE_NOW, seedReportPlant, type ReportPlant } from './report-fixture.ts';

const DAY = { dtStart: '2026-11-20', dtEnd: '2026-11-20' };

describe.each(backends)('report access, ranges and the cap on %s', (backend) => {
  let t: ReportTestApp;
  let mine: ReportPlant;
  let theirs: ReportPlant;
  let session: Session;
  let big: number;
  const post = (path: string, fields: Record<string, unknown>) =>
    call(t.app, session, path, { factoryId: 0, ...fields });

  beforeAll(async () => {
    t = await startReportApp(backend, FIXTURE_NOW);
    mine = await seedReportPlant(t.db, 'mine');
    theirs = await seedReportPlant(t.db, 'theirs');
    session = await signIn(t.app, mine);
    // A meter whose one circuit holds REPORT_ROW_CAP + 1 one-minute readings from 2026-10-01.
    big = await createNode(t.db, mine.factoryId, {
      parentId: null,
      type: 'smartMeter',
      name: 'Big',
      chName: '大',
      wiring: 'value',
    });
    const circuit = await createNode(t.db, mine.factoryId, {
      parentId: big,
      type: 'circuit',
      name: 'Big 1',
      chName: '大 1',
      wiring: 'value',
    });
    await t.db.query(
      `INSERT INTO readings (factory_id, node_id, ts, kw, kwh_forward)
       SELECT $1, $2, timestamptz '2026-10-01T00:00:00+08:00' + make_interval(mins => i), 1, i
         FROM generate_series(0, $3::int) AS i`,
      [mine.factoryId, circuit, REPORT_ROW_CAP],
    );
  });
  afterAll(() => t.close());

  it('refuses another factory’s meter as not found, whichever way it is asked', async () => {
    for (const path of [REPORT, ENERGY, EXPORT_LINK]) {
      const asOwn = (
        await post(path, { smartmeterId: theirs.meter, ...DAY, format: 'csv' })
      ).json();
      expect(asOwn.statusCode, path).toBe(StatusCode.SmartMeterNotFound);
      const asTheirs = (
        await post(path, {
          factoryId: theirs.factoryId,
          smartmeterId: theirs.meter,
          ...DAY,
          format: 'csv',
        })
      ).json();
      expect(asTheirs.statusCode, path).toBe(StatusCode.FactoryNotFound);
      expect(JSON.stringify(asOwn) + JSON.stringify(asTheirs)).not.toContain('theirs-M-1');
    }
    const file = await post(EXPORT, { smartmeterId: theirs.meter, ...DAY, format: 'csv' });
    expect(file.statusCode).toBe(404);
    expect(file.json().statusCode).toBe(StatusCode.SmartMeterNotFound);
  });

  it('answers 1010 for a node that is not a smart meter', async () => {
    const body = (await post(REPORT, { smartmeterId: mine.delta, ...DAY })).json();
    expect(body.statusCode).toBe(StatusCode.SmartMeterNotFound);
  });

  it('refuses bad ranges with 400 naming the field', async () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ dtStart: '2026-11-21', dtEnd: '2026-11-20' }, /dtEnd/],
      [{ dtStart: '2026-11-20T10:00', dtEnd: '2026-11-20T10:00' }, /^dtEnd: must be after dtStart/],
      [{ dtStart: '2025-01-01', dtEnd: '2026-11-20' }, /^dtEnd: a range covers at most 400 days/],
      [{ dtStart: 'yesterday', dtEnd: '2026-11-20' }, /dtStart/],
      [{ ...DAY, after: 'not-a-cursor' }, /after/],
    ];
    for (const [fields, message] of cases) {
      const response = await post(REPORT, { smartmeterId: mine.meter, ...fields });
      expect(response.statusCode, JSON.stringify(fields)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
  });

  it('answers 201 naming the cap and the export when a range holds too many rows', async () => {
    const range = { dtStart: '2026-10-01', dtEnd: '2026-11-30' };
    const body = (await post(REPORT, { smartmeterId: big, ...range })).json();
    expect(body.statusCode).toBe(StatusCode.Fail);
    expect(body.message).toContain('50,000');
    expect(body.message).toContain('Export CSV');
    expect(body.reportList).toBeUndefined();
    // Paged, the same range is readable: the first page, and the last from a cursor.
    const first = channelReportResponse.parse(
      (await post(REPORT, { smartmeterId: big, ...range, pageSize: 3 })).json(),
    );
    expect(first.reportList.map((row) => row.kwhForward)).toEqual([0, 1, 2]);
    expect(first.nextCursor).toMatch(/~\d+$/);
    const lastMinute = Date.parse('2026-10-01T00:00:00+08:00') + (REPORT_ROW_CAP - 2) * 60_000;
    const after = `${new Date(lastMinute).toISOString()}~${first.reportList[0]!.channelId}`;
    const last = channelReportResponse.parse(
      (await post(REPORT, { smartmeterId: big, ...range, pageSize: 10, after })).json(),
    );
    expect(last.reportList.map((row) => row.kwhForward)).toEqual([
      REPORT_ROW_CAP - 1,
      REPORT_ROW_CAP,
    ]);
    expect(last.nextCursor).toBeNull();
  });

  it('answers a range of exactly one page in full, without a next cursor', async () => {
    const response = await post(REPORT, {
      smartmeterId: big,
      dtStart: '2026-10-01T00:00',
      dtEnd: '2026-10-01T00:03',
      pageSize: 3,
    });
    const body = channelReportResponse.parse(response.json());
    expect(body.reportList.map((row) => row.kwhForward)).toEqual([0, 1, 2]);
    expect(body.nextCursor).toBeNull();
  });
});
