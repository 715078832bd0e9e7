import type { Readable } from 'node:stream';
import type { EnergyInterval, ExportFormat, ExportKind, ExportLang } from '@wattboard/contract';
import type { Queryable } from '../../platform/db/db.ts';
import type { InstantRange } from '../monitor/index.ts';
import { CONTENT_TYPES, exportFileName } from './calc/file-name.ts';
import { toReportRow } from './calc/report-row.ts';
import { energyView } from './repo/energy-view.ts';
import { readingsPage } from './repo/readings-page.ts';
import type { ReportTarget } from './repo/report-target.ts';
import { csvStream } from '../../platform/files/csv-writer.ts';
import { energyCells, energyLayout, readingCells, readingsLayout } from './sheet-rows.ts';
import { withTimeZone, type Cell } from '../../platform/files/sheet-layout.ts';
import { xlsxStream } from '../../platform/files/xlsx-writer.ts';

/** Readings read per statement while exporting: a few hundred kB of rows at a time. */
export const EXPORT_PAGE_ROWS = 2_000;

export interface ExportRequest {
  range: InstantRange;
  format: ExportFormat;
  lang: ExportLang;
  kind: ExportKind;
  interval: EnergyInterval;
}

export interface ExportFile {
  fileName: string;
  contentType: string;
  stream: Readable;
}

const SHEET_NAMES: Readonly<Record<ExportKind, Readonly<Record<ExportLang, string>>>> = {
  readings: { en: 'Readings', 'zh-TW': '讀值' },
  energy: { en: 'Energy', 'zh-TW': '用電量' },
};

function channelNames(target: ReportTarget, lang: ExportLang): Map<number, string> {
  return new Map(target.channels.map((c) => [c.id, lang === 'zh-TW' ? c.chName : c.name] as const));
}

/** The range's readings as cell rows, one keyset page at a time (constant memory). */
async function* readingPages(
  db: Queryable,
  target: ReportTarget,
  range: InstantRange,
  lang: ExportLang,
): AsyncGenerator<Cell[][]> {
  const names = channelNames(target, lang);
  const channels = new Map(target.channels.map((channel) => [channel.id, channel]));
  const nodeIds = target.channels.map((channel) => channel.id);
  let after = null;
  for (;;) {
    const page = await readingsPage(db, {
      factoryId: target.factoryId,
      nodeIds,
      range,
      after,
      limit: EXPORT_PAGE_ROWS,
    });
    yield page.map((reading) => {
      const channel = channels.get(reading.nodeId)!;
      const row = toReportRow(reading, channel, target.meter.id, target.clock);
      return readingCells(row, names.get(channel.id) ?? '');
    });
    const last = page.at(-1);
    if (!last || page.length < EXPORT_PAGE_ROWS) return;
    after = { ts: last.ts.getTime(), nodeId: last.nodeId };
  }
}

async function* energyPages(
  db: Queryable,
  target: ReportTarget,
  request: ExportRequest,
): AsyncGenerator<Cell[][]> {
  const names = channelNames(target, request.lang);
  const view = await energyView(db, target, request.range, request.interval);
  yield view.energyList.map((row) => energyCells(row, names.get(row.channelId) ?? ''));
}

/** The export's file: its name (meter, range, kind, language), type and streamed bytes. */
export function reportExport(
  db: Queryable,
  target: ReportTarget,
  request: ExportRequest,
): ExportFile {
  const { lang, kind, format } = request;
  const meterName = lang === 'zh-TW' ? target.meter.chName : target.meter.name;
  const fileName = exportFileName({ meterName, ...request }, target.clock);
  const layout = kind === 'energy' ? energyLayout(lang) : readingsLayout(lang);
  const pages =
    kind === 'energy'
      ? energyPages(db, target, request)
      : readingPages(db, target, request.range, lang);
  const stream =
    format === 'csv'
      ? csvStream(layout, pages)
      : xlsxStream(SHEET_NAMES[kind][lang], withTimeZone(layout, target.clock.timeZone), pages);
  return { fileName, contentType: CONTENT_TYPES[format], stream };
}
