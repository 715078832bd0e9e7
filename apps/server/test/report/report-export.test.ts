import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  channelReportResponse,
  REPORT_ROW_FIELDS,
  reportEnergyResponse,
  reportExportLinkResponse,
  type ReportRow,
} from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { call, signIn, type Session } from '../monitor/monitor-app.ts';
import {
  ENERGY,
  EXPORT,
  EXPORT_LINK,
  parseCsv,
  REPORT,
  startReportApp,
  type ReportTestApp,
} from './report-app.ts';
import { FIXTURE_NOW, seedReportPlant, type ReportPlant } from './report-fixture.ts';

const DAY = { dtStart: '2026-11-20', dtEnd: '2026-11-20' };
const BOM = '\ufeff';

/** A report row as the export writes it: the channel's name after its id, null as empty. */
function expectedCells(row: ReportRow, name: string): (string | number | null)[] {
  const cells: (string | number | null)[] = REPORT_ROW_FIELDS.map((field) => row[field] ?? null);
  cells.splice(2, 0, name);
  return cells;
}
/** The wall-clock time an ISO text with +08:00 reads, as the Date an .xlsx date cell gives back. */
const wallClock = (iso: string) => {
  expect(iso).toMatch(/\+08:00$/);
  return new Date(`${iso.slice(0, -6)}Z`);
};
const fromCsv = (cell: string, index: number) =>
  cell === '' ? null : [2, 3, 4, 5].includes(index) ? cell : Number(cell);

describe.each(backends)('report exports on %s', (backend) => {
  let t: ReportTestApp;
  let plant: ReportPlant;
  let session: Session;
  let rows: ReportRow[];
  let names: Map<number, { en: string; zh: string }>;
  const post = (path: string, fields: Record<string, unknown>) =>
    call(t.app, session, path, { factoryId: 0, smartmeterId: plant.meter, ...fields });

  beforeAll(async () => {
    t = await startReportApp(backend, FIXTURE_NOW);
    plant = await seedReportPlant(t.db);
    session = await signIn(t.app, plant);
    const report = channelReportResponse.parse((await post(REPORT, DAY)).json());
    rows = report.reportList;
    names = new Map(report.channelList.map((c) => [c.id, { en: c.name, zh: c.chName }]));
  });
  afterAll(() => t.close());

  it('writes every reading of the range to CSV with a BOM, English headers and the same numbers', async () => {
    const response = await post(EXPORT, { ...DAY, format: 'csv', lang: 'en' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="Meter M_2026-11-20_2026-11-20_en.csv"; ` +
        `filename*=UTF-8''Meter%20M_2026-11-20_2026-11-20_en.csv`,
    );
    expect(response.body.startsWith(BOM)).toBe(true);
    const [header, ...data] = parseCsv(response.body.slice(1));
    expect(header!.slice(0, 7)).toEqual([
      'Meter ID',
      'Channel ID',
      'Channel',
      'Serial number',
      'Reading time',
      'Received time',
      'Voltage A (V)',
    ]);
    const stored = await t.db.query<{ n: string | number }>(
      `SELECT count(*) AS n FROM readings WHERE node_id = ANY($1::int[])
         AND ts >= '2026-11-20T00:00:00+08:00' AND ts < '2026-11-21T00:00:00+08:00'`,
      [[plant.meter, plant.delta, plant.split, plant.single]],
    );
    expect(data).toHaveLength(Number(stored[0]!.n));
    expect(data.map((cells) => cells.map(fromCsv))).toEqual(
      rows.map((row) => expectedCells(row, names.get(row.channelId)!.en)),
    );
  });

  it('writes Chinese headers, names and file name in zh-TW', async () => {
    const response = await post(EXPORT, { ...DAY, format: 'csv', lang: 'zh-TW' });
    const disposition = String(response.headers['content-disposition']);
    expect(disposition).toContain(`filename="__ M_2026-11-20_2026-11-20_zh-TW.csv"`);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe(
      '電表 M_2026-11-20_2026-11-20_zh-TW.csv',
    );
    const [header, first] = parseCsv(response.body.slice(1));
    expect(header!.slice(0, 3)).toEqual(['電表編號', '迴路編號', '迴路']);
    expect(header).toContain('視在功率 合計 (kVA)');
    expect(header).toContain('落後虛功電能 (kvarh)');
    expect(first![2]).toBe('電表 M');
  });

  it('writes a .xlsx the reader opens with the same rows, a frozen header and number formats', async () => {
    const response = await post(EXPORT, { ...DAY, format: 'xlsx', lang: 'en' });
    expect(response.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Readings')!;
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.rowCount).toBe(rows.length + 1);
    expect(sheet.getRow(1).getCell(7).value).toBe('Voltage A (V)');
    expect(sheet.getRow(2).getCell(7).numFmt).toBe('0.0###');
    // Times are real dates on the factory's wall clock (Asia/Taipei), its zone in the header.
    expect(sheet.getRow(1).getCell(5).value).toBe('Reading time (Asia/Taipei)');
    expect(sheet.getRow(1).getCell(6).value).toBe('Received time (Asia/Taipei)');
    expect(sheet.getRow(2).getCell(5).numFmt).toBe('yyyy-mm-dd hh:mm:ss');
    const firstTime = sheet.getRow(2).getCell(5).value;
    expect(firstTime).toBeInstanceOf(Date);
    expect((firstTime as Date).toISOString().slice(0, 10)).toBe('2026-11-20');
    const values: unknown[][] = [];
    sheet.eachRow((row, number) => {
      if (number > 1) {
        const cells = (row.values as unknown[]).slice(1);
        values.push(
          Array.from({ length: REPORT_ROW_FIELDS.length + 1 }, (_, i) => cells[i] ?? null),
        );
      }
    });
    expect(values).toEqual(
      rows.map((row) =>
        expectedCells(row, names.get(row.channelId)!.en).map((cell, index) =>
          [4, 5].includes(index) && typeof cell === 'string' ? wallClock(cell) : cell,
        ),
      ),
    );
  });

  it('exports the energy view as shown, and serves a signed link bound to the session', async () => {
    const fields = { ...DAY, format: 'csv', lang: 'en', kind: 'energy', interval: 'hour' };
    const view = reportEnergyResponse.parse((await post(ENERGY, fields)).json());
    const link = reportExportLinkResponse.parse((await post(EXPORT_LINK, fields)).json());
    expect(link.fileName).toBe('Meter M_2026-11-20_2026-11-20_energy-hour_en.csv');
    expect(link.url).toMatch(/^\/v1\/Web\/Factory\/Channel\/Report\/Export\?token=d1\./);
    const download = await t.app.inject({ method: 'GET', url: link.url });
    expect(download.statusCode).toBe(200);
    const [header, ...data] = parseCsv(download.body.slice(1));
    expect(header).toEqual([
      'Channel ID',
      'Channel',
      'Interval start',
      'Interval end',
      'Forward energy (kWh)',
      'Reverse energy (kWh)',
      'Net energy (kWh)',
      'Lagging reactive energy (kvarh)',
      'CO2 (kg)',
      'Max (kW)',
      'Average (kW)',
      'Cost (NT$)',
    ]);
    const kvarhCell = (cell: string) => (cell === '' ? null : Number(cell));
    expect(
      data.map((cells) => [
        Number(cells[0]),
        cells[2],
        Number(cells[4]),
        kvarhCell(cells[7]!),
        Number(cells[9]),
      ]),
    ).toEqual(
      view.energyList.map((row) => [
        row.channelId,
        row.dtStart,
        row.kwhForward,
        row.kvarhLagging,
        row.maxKW,
      ]),
    );
    // Meter M's counter gives 2 kvarh an hour; its circuits have none: an empty cell, never 0.
    expect(data.filter((cells) => Number(cells[0]) === plant.meter)[0]![7]).toBe('2');
    expect(data.filter((cells) => Number(cells[0]) === plant.delta)[0]![7]).toBe('');
    const tampered = link.url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(401);
    const direct = await post(EXPORT, fields);
    expect(direct.body).toBe(download.body);
    await call(t.app, session, '/User/SignOut', {});
    const afterSignOut = await t.app.inject({ method: 'GET', url: link.url });
    expect(afterSignOut.statusCode).toBe(401);
    expect(afterSignOut.json().message).toMatch(/session has ended/);
  });
});
