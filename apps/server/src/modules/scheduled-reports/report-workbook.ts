/**
 * The scheduled report's .xlsx (exceljs): a Summary sheet, one row per day,
 * and the top consumers. Labels carry both languages (one file serves every
 * receiver); numbers are numbers with a format, so Excel sums them. A few
 * hundred cells: built in memory, not streamed like the Report exports.
 */
import ExcelJS from 'exceljs';
import type { ScheduledReportKind } from '@wattboard/contract';
import type { ZoneClock } from '@wattboard/zone-time';
import type { ReportFigures } from './report-figures.ts';
import type { LocalPeriod } from './schedule.ts';

export const XLSX_CONTENT_TYPE =
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const SHEETS = {
  summary: 'Summary 摘要',
  days: 'Per day 每日',
  consumers: 'Top consumers 用電排行',
} as const;

const MEASURE = '0.0###';
const PERCENT = '0.0#';

/** 2026-11-18 10:15, the factory's wall clock. */
export function localMinute(t: number, clock: ZoneClock): string {
  return clock.formatIso(t).slice(0, 16).replace('T', ' ');
}

export const periodText = (period: LocalPeriod) => `${period.from} – ${period.to}`;

export function reportFileName(kind: ScheduledReportKind, period: LocalPeriod): string {
  return `wattboard-${kind}-report-${period.from}-to-${period.to}.xlsx`;
}

type Row = [
  en: string,
  zh: string,
  value: string | number | Date | null,
  unit: string,
  format?: string,
];

/**
 * Dates and times as real Excel dates (sortable, filterable), on the
 * factory's wall clock: Excel has no zones, so the zone is named beside them.
 */
const DAY_FORMAT = 'yyyy-mm-dd';
const MINUTE_FORMAT = 'yyyy-mm-dd hh:mm';
const dayCell = (date: string) => new Date(`${date}T00:00:00Z`);
const minuteCell = (t: number, clock: ZoneClock) => new Date(clock.toCivil(t));

function summaryRows(
  factory: { name: string; nameZh: string },
  f: ReportFigures,
  clock: ZoneClock,
): Row[] {
  return [
    ['Factory', '工廠', `${factory.name} / ${factory.nameZh}`, ''],
    ['Period', '期間', periodText(f.period), clock.timeZone],
    ['Energy', '用電量', f.kwh, 'kWh', MEASURE],
    ['CO2', '碳排放量', f.co2, 'kg', MEASURE],
    ['Energy cost (time-of-use)', '流動電費（時間電價）', f.cost, 'NT$', '#,##0.00'],
    ['Peak 15-minute demand', '最高 15 分鐘需量', f.peak?.kw ?? null, 'kW', MEASURE],
    [
      'Peak demand at',
      '最高需量時間',
      f.peak ? minuteCell(f.peak.start, clock) : null,
      clock.timeZone,
      MINUTE_FORMAT,
    ],
    ['Previous period', '前期', periodText(f.previousPeriod), ''],
    ['Previous period energy', '前期用電量', f.previousKwh, 'kWh', MEASURE],
    ['Change', '增減', f.changeKwh, 'kWh', MEASURE],
    ['Change', '增減率', f.changePercent, '%', PERCENT],
  ];
}

function header(sheet: ExcelJS.Worksheet, columns: readonly [string, number][]) {
  sheet.columns = columns.map(([name, width]) => ({ header: name, width }));
  sheet.getRow(1).font = { bold: true };
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
}

function formatColumns(sheet: ExcelJS.Worksheet, formats: Record<number, string>) {
  for (const [column, numFmt] of Object.entries(formats))
    sheet.getColumn(Number(column)).numFmt = numFmt;
}

export async function reportWorkbook(
  factory: { name: string; nameZh: string },
  figures: ReportFigures,
  clock: ZoneClock,
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Wattboard';

  const summary = workbook.addWorksheet(SHEETS.summary);
  header(summary, [
    ['Item', 28],
    ['項目', 20],
    ['Value 數值', 28],
    ['Unit 單位', 14],
  ]);
  for (const [en, zh, value, unit, numFmt] of summaryRows(factory, figures, clock)) {
    const row = summary.addRow([en, zh, value, unit]);
    if (numFmt) row.getCell(3).numFmt = numFmt;
  }

  const days = workbook.addWorksheet(SHEETS.days);
  header(days, [
    [`Date 日期 (${clock.timeZone})`, 24],
    ['Energy 用電量 (kWh)', 20],
    ['CO2 碳排放量 (kg)', 20],
    ['Energy cost 流動電費 (NT$)', 24],
    ['Peak demand 最高需量 (kW)', 24],
  ]);
  for (const day of figures.days) {
    const row = days.addRow([dayCell(day.date), day.kwh, day.co2, day.cost, day.peakKw]);
    row.getCell(1).numFmt = DAY_FORMAT;
  }
  days.addRow([
    'Total 合計',
    figures.kwh,
    figures.co2,
    figures.cost,
    figures.peak?.kw ?? null,
  ]).font = {
    bold: true,
  };
  formatColumns(days, { 2: MEASURE, 3: MEASURE, 4: '#,##0.00', 5: MEASURE });

  const consumers = workbook.addWorksheet(SHEETS.consumers);
  header(consumers, [
    ['Rank 排名', 10],
    ['Monitoring point', 28],
    ['監測點', 20],
    ['Energy 用電量 (kWh)', 20],
    ['Share 占比 (%)', 16],
  ]);
  for (const node of figures.topConsumers) {
    consumers.addRow([node.rank, node.name, node.chName, node.kwh, node.sharePercent]);
  }
  formatColumns(consumers, { 4: MEASURE, 5: PERCENT });

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
