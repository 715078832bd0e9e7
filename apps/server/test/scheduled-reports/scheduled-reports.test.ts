import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduledReportsResponse } from '@wattboard/contract';
import { addDays, DAY_MS, ZoneClock } from '@wattboard/zone-time';
import { runDueReports } from '../../src/modules/scheduled-reports/run-due.ts';
import { saveReportSettings } from '../../src/modules/scheduled-reports/repo/report-settings.ts';
import { SHEETS } from '../../src/modules/scheduled-reports/report-workbook.ts';
import { latestDueRun, previousPeriod } from '../../src/modules/scheduled-reports/schedule.ts';
import { backends } from '../helpers/backends.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { listen } from '../hub/hub-kit.ts';
import { decodeMimeHeader, headerOf, startSmtpSink, type SmtpSink } from '../mail/smtp-sink.ts';
import { call, signIn, type Session } from '../monitor/monitor-app.ts';
import {
  EXPECTED,
  REPORT_RATE,
  REPORT_ZONE,
  seedReportPlant,
  xlsxAttachment,
} from './report-fixture.ts';

const GET = '/v1/Admin/ScheduledReport/Get';
const UPDATE = '/v1/Admin/ScheduledReport/Update';
const SEND_NOW = '/v1/Admin/ScheduledReport/SendNow';
const RECEIVERS = ['plant.manager@example.com', 'energy@example.com'];

// The report covers the last complete week at the time the test runs; the
// fixture stores its readings relative to that week, so the figures are fixed.
const clock = new ZoneClock(REPORT_ZONE);
const week = latestDueRun('weekly', Date.now(), clock).period;
const previousWeek = previousPeriod('weekly', week);

async function openXlsx(content: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(content as unknown as ArrayBuffer);
  return workbook;
}

/** Every cell of the report checked against the hand-computed figures. */
async function expectReportCells(content: Buffer, factory = 'Factory rpt / 工廠 rpt') {
  const workbook = await openXlsx(content);
  expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
    SHEETS.summary,
    SHEETS.days,
    SHEETS.consumers,
  ]);
  const summary = workbook.getWorksheet(SHEETS.summary)!;
  const value = (row: number) => summary.getRow(row).getCell(3).value;
  expect(summary.getRow(1).values).toEqual([undefined, 'Item', '項目', 'Value 數值', 'Unit 單位']);
  expect(value(2)).toBe(factory);
  expect(value(3)).toBe(`${week.from} – ${week.to}`);
  expect(summary.getRow(4).values).toEqual([undefined, 'Energy', '用電量', EXPECTED.kwh, 'kWh']);
  expect(summary.getRow(5).values).toEqual([undefined, 'CO2', '碳排放量', EXPECTED.co2, 'kg']);
  expect(summary.getRow(6).values).toEqual([
    undefined,
    'Energy cost (time-of-use)',
    '流動電費（時間電價）',
    EXPECTED.cost,
    'NT$',
  ]);
  expect(value(7)).toBe(EXPECTED.peakKw);
  // Real date cells on the factory's wall clock (the zone is in the unit column).
  expect(value(8)).toEqual(new Date(`${addDays(week.from, 2)}T10:00:00Z`));
  expect(summary.getRow(8).getCell(3).numFmt).toBe('yyyy-mm-dd hh:mm');
  expect(value(9)).toBe(`${previousWeek.from} – ${previousWeek.to}`);
  expect(value(10)).toBe(EXPECTED.previousKwh);
  expect(value(11)).toBe(EXPECTED.changeKwh);
  expect(value(12)).toBe(EXPECTED.changePercent);

  const days = workbook.getWorksheet(SHEETS.days)!;
  expect(days.rowCount).toBe(1 + 7 + 1);
  EXPECTED.days.forEach(([kwh, peak], index) => {
    const row = days.getRow(2 + index).values as unknown[];
    expect(days.getRow(2 + index).getCell(1).numFmt).toBe('yyyy-mm-dd');
    expect(row).toEqual([
      undefined,
      new Date(`${addDays(week.from, index)}T00:00:00Z`),
      kwh,
      kwh * 0.5,
      kwh * REPORT_RATE,
      peak,
    ]);
  });
  expect(days.getRow(9).values).toEqual([
    undefined,
    'Total 合計',
    EXPECTED.kwh,
    EXPECTED.co2,
    EXPECTED.cost,
    EXPECTED.peakKw,
  ]);

  const consumers = workbook.getWorksheet(SHEETS.consumers)!;
  expect(consumers.rowCount).toBe(1 + EXPECTED.consumers.length);
  EXPECTED.consumers.forEach(([name, chName, kwh, share], index) => {
    expect(consumers.getRow(2 + index).values).toEqual([
      undefined,
      index + 1,
      name,
      chName,
      kwh,
      share,
    ]);
  });
}

/** Resolves once the condition holds (checked as mail arrives, no fixed sleep). */
async function until(condition: () => boolean, what: string, timeoutMs = 30_000) {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(backends)('scheduled reports through a real SMTP server on %s', (backend) => {
  let sink: SmtpSink;
  let t: TestApp;
  let session: Session;
  let factoryId: number;
  const env = () => ({
    SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
    MAIL_FROM: 'Wattboard Reports <reports@wattboard.test>',
    SIMULATOR: 'off',
  });

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp(backend, env());
    const plant = await seedReportPlant(t.testDb.db, 'rpt', week, previousWeek);
    factoryId = plant.factoryId;
    session = await signIn(t.app, plant);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await sink?.stop();
  });

  const post = (path: string, body: Record<string, unknown> = {}) =>
    call(t.app, session, path, body);

  it('saves a report, shows its next run in the factory zone, and refuses bad input naming the field', async () => {
    const saved = await post(UPDATE, { kind: 'weekly', enabled: true, receivers: RECEIVERS });
    expect(saved.statusCode).toBe(200);
    const body = scheduledReportsResponse.parse(saved.json());
    expect(body.timeZone).toBe(REPORT_ZONE);
    const weekly = body.reports.find((r) => r.kind === 'weekly')!;
    const next = latestDueRun('weekly', Date.now(), clock);
    expect(weekly).toMatchObject({ enabled: true, receivers: RECEIVERS, sendTime: '08:00' });
    expect(weekly.nextRunAt).toBe(`${addDays(next.dueDate, 7)}T08:00:00+08:00`);
    expect(weekly.nextPeriod).toEqual({ from: next.dueDate, to: addDays(next.dueDate, 6) });
    expect(body.reports.find((r) => r.kind === 'monthly')).toMatchObject({
      enabled: false,
      receivers: [],
      nextRunAt: null,
    });

    const bad = await post(UPDATE, { kind: 'weekly', enabled: true, receivers: ['nope'] });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('receivers');
    const empty = await post(UPDATE, { kind: 'monthly', enabled: true, receivers: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('receivers');

    const audit = await t.testDb.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE factory_id = $1 AND action LIKE 'scheduled-report.%'`,
      [factoryId],
    );
    expect(audit.map((row) => row.action)).toEqual(['scheduled-report.update']);
  });

  it('"send now" delivers one mail per receiver with the report checked cell by cell', async () => {
    const before = sink.messages.length;
    const response = await post(SEND_NOW, { kind: 'weekly' });
    expect(response.json()).toMatchObject({
      statusCode: 200,
      kind: 'weekly',
      period: week,
      queued: 2,
    });
    expect(await t.app.mail.drain()).toEqual({ sent: 2, failed: 0 });
    const received = sink.messages.slice(before);
    expect(received.flatMap((m) => m.rcptTo).sort()).toEqual([...RECEIVERS].sort());
    for (const message of received) {
      expect(decodeMimeHeader(headerOf(message.raw, 'Subject') ?? '')).toBe(
        `[Wattboard] Weekly energy report ${week.from} – ${week.to}: Factory rpt / 每週用電報告：工廠 rpt`,
      );
      const file = xlsxAttachment(message.raw);
      expect(file.fileName).toBe(`wattboard-weekly-report-${week.from}-to-${week.to}.xlsx`);
      await expectReportCells(file.content);
    }
    const outbox = await t.testDb.db.query<{ body_text: string; body_html: string }>(
      `SELECT body_text, body_html FROM mail_outbox WHERE factory_id = $1`,
      [factoryId],
    );
    for (const row of outbox) {
      expect(row.body_text).toContain('113 kWh');
      expect(row.body_text).toContain('NT$339');
      expect(row.body_text).toContain('流動電費：新臺幣 339 元');
      expect(row.body_text).toContain('+33 kWh (+41.25 %)');
      expect(row.body_text).toContain('用電量：113 kWh');
      // The week's waste finder line (issue #27), whatever it found on this plant.
      expect(row.body_text).toMatch(/Possible waste: +\S/);
      expect(row.body_text).toMatch(/可能的浪費：\S/);
      expect(row.body_html).toContain('<div lang="zh-Hant-TW"');
    }
  });

  it('the due run is queued once, even run twice and by two instances at once', async () => {
    // The report was switched on before the week's Monday 08:00 (the test cannot wait for one).
    await t.testDb.db.query(
      `UPDATE scheduled_reports SET enabled_since = now() - interval '40 days' WHERE factory_id = $1`,
      [factoryId],
    );
    const before = sink.messages.length;
    const now = new Date();
    const [first, second] = await Promise.all([
      t.app.scheduledReports.runDue(now),
      runDueReports(t.testDb.db, now, t.app.log), // a second instance on the same database
    ]);
    expect(first + second).toBe(2);
    expect(await t.app.scheduledReports.runDue(new Date(now.getTime() + 60_000))).toBe(0);
    expect(await t.app.mail.drain()).toEqual({ sent: 2, failed: 0 });
    expect(await t.app.mail.drain()).toEqual({ sent: 0, failed: 0 });
    const received = sink.messages.slice(before);
    expect(received.flatMap((m) => m.rcptTo).sort()).toEqual([...RECEIVERS].sort());
    for (const message of received) await expectReportCells(xlsxAttachment(message.raw).content);

    const runs = await t.testDb.db.query<{ trigger: string; period_from: unknown }>(
      `SELECT trigger FROM scheduled_report_runs WHERE factory_id = $1 ORDER BY id`,
      [factoryId],
    );
    expect(runs.map((run) => run.trigger)).toEqual(['manual', 'schedule']);
    const got = scheduledReportsResponse.parse((await post(GET)).json());
    expect(got.reports.find((r) => r.kind === 'weekly')!.lastSentAt).toMatch(/\+08:00$/);
  });

  it('"send now" without receivers is refused with a clear message and queues nothing', async () => {
    const response = await post(SEND_NOW, { kind: 'monthly' });
    expect(response.json()).toMatchObject({
      statusCode: 201,
      message: 'Add at least one receiver before sending this report.',
    });
    expect(await t.app.mail.drain()).toEqual({ sent: 0, failed: 0 });
  });

  it('a scheduler pass with nothing due queues nothing', async () => {
    expect(await runDueReports(t.testDb.db, new Date(), t.app.log)).toBe(0);
  });

  it('a run missed while no server ran goes out once when a server starts listening', async () => {
    const db = t.testDb.db;
    const late = await seedReportPlant(db, 'rpt-late', week, previousWeek);
    // Switched on long ago; its last Monday 08:00 passed with no server running.
    await saveReportSettings(
      db,
      late.factoryId,
      { kind: 'weekly', enabled: true, receivers: ['late@example.com'] },
      new Date(Date.now() - 40 * DAY_MS),
    );
    const before = sink.messages.length;
    // The app has only answered inject calls so far: listening is its start.
    await listen(t.app);
    await until(() => sink.messages.length > before, 'the missed report');
    // The start pass is over once a pass queued behind it answers; nothing else is owed.
    expect(await t.app.scheduledReports.runDue()).toBe(0);
    await t.app.mail.drain();
    const received = sink.messages.slice(before);
    expect(received.flatMap((m) => m.rcptTo)).toEqual(['late@example.com']);
    await expectReportCells(
      xlsxAttachment(received[0]!.raw).content,
      'Factory rpt-late / 工廠 rpt-late',
    );
  }, 120_000);
});
