import { setTimeout as sleep } from 'node:timers/promises';
import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { EXCEL_TIME_FORMAT, excelTimeConverter } from './excel-time.ts';
import type { Cell, ColumnKind, SheetLayout } from './sheet-layout.ts';

/** Excel's limit is 1,048,576 rows; a longer export continues on the next sheet. */
export const ROWS_PER_SHEET = 1_000_000;

/** Bytes waiting for the reader before the writer pauses (backpressure). */
const HIGH_WATER = 1 << 20;

const WIDTHS: Readonly<Record<ColumnKind, number>> = {
  id: 10,
  text: 24,
  time: 20,
  measure: 14,
  factor: 12,
};

/**
 * One style object per column kind, given to every cell by reference: exceljs
 * resolves a style it has seen by identity, while a column style is copied
 * into each cell and resolved again (measured 3× slower for the whole file).
 */
const STYLES: Readonly<Record<ColumnKind, Partial<ExcelJS.Style> | undefined>> = {
  id: { numFmt: '0' },
  text: undefined,
  time: { numFmt: EXCEL_TIME_FORMAT },
  measure: { numFmt: '0.0###' },
  factor: { numFmt: '0.000' },
};

/**
 * Bytes exceljs has written for the sheet that the zip has not compressed yet.
 * Its sheet stream (a StreamBuf) pipes into archiver's PassThrough ignoring
 * backpressure, so without waiting on this a fast writer piles the whole
 * sheet up in memory (measured: 3 GB for a year-long export). Reads exceljs
 * internals (`sheet.stream.pipes`); null when they are not there, which the
 * writer's test catches.
 */
export function sheetBacklog(sheet: unknown): number | null {
  const stream = (sheet as { stream?: { pipes?: unknown } }).stream;
  if (!Array.isArray(stream?.pipes)) return null;
  let bytes = 0;
  for (const pipe of stream.pipes as unknown[]) {
    // archiver's PassThrough comes from readable-stream, which keeps the counts in its states.
    const piped = pipe as {
      _writableState?: { length?: number };
      _readableState?: { length?: number };
    };
    bytes += (piped._writableState?.length ?? 0) + (piped._readableState?.length ?? 0);
  }
  return bytes;
}

/** The row with its time columns' ISO texts as the factory's local dates. */
function withDates(
  cells: Cell[],
  kinds: readonly ColumnKind[],
  toTime: (value: string) => Date | string,
): (Cell | Date)[] {
  return cells.map((cell, index) =>
    kinds[index] === 'time' && typeof cell === 'string' ? toTime(cell) : cell,
  );
}

function addSheet(workbook: ExcelJS.stream.xlsx.WorkbookWriter, name: string, layout: SheetLayout) {
  const sheet = workbook.addWorksheet(name, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = layout.headers.map((header, index) => {
    const width = WIDTHS[layout.kinds[index] ?? 'text'];
    return { header, width: Math.max(width, header.length + 2) };
  });
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  return sheet;
}

/**
 * A .xlsx written with exceljs' streaming WorkbookWriter: one sheet with a
 * channel column, a bold frozen header row with units, number formats per
 * column; rows committed as they come, and the next page read only when the
 * reader has taken what was written. Sheets are named `sheetName`,
 * `sheetName 2`, … every `rowsPerSheet` rows.
 */
export function xlsxStream(
  sheetName: string,
  layout: SheetLayout,
  pages: AsyncIterable<Cell[][]>,
  rowsPerSheet = ROWS_PER_SHEET,
): Readable {
  const output = new PassThrough({ highWaterMark: HIGH_WATER });
  const write = async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: output,
      useStyles: true,
      useSharedStrings: false,
    });
    // Without a zone (no caller does that now) time cells stay text, so no format either.
    const toTime = layout.timeZone ? excelTimeConverter(layout.timeZone) : null;
    const styles = layout.kinds.map((kind) =>
      kind === 'time' && !toTime ? undefined : STYLES[kind],
    );
    let sheetNumber = 1;
    let sheet = addSheet(workbook, sheetName, layout);
    let rowsInSheet = 0;
    for await (const page of pages) {
      for (const cells of page) {
        if (rowsInSheet === rowsPerSheet) {
          sheet.commit();
          sheetNumber += 1;
          sheet = addSheet(workbook, `${sheetName} ${sheetNumber}`, layout);
          rowsInSheet = 0;
        }
        const row = sheet.addRow(toTime ? withDates(cells, layout.kinds, toTime) : cells);
        styles.forEach((style, index) => {
          if (style && cells[index] !== null) row.getCell(index + 1).style = style;
        });
        row.commit();
        rowsInSheet += 1;
      }
      // Waits for the zip and the reader: polled, as listening for 'data' would start the flow.
      const unread = () =>
        output.writableLength + output.readableLength + (sheetBacklog(sheet) ?? 0);
      while (unread() > HIGH_WATER && !output.destroyed) {
        await sleep(5);
      }
      if (output.destroyed) return;
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((error: unknown) => output.destroy(error as Error));
  return output;
}
