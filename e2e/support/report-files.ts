import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Locator } from 'playwright-core';

/** A table's cells as the reader sees them, or a file's cells as a spreadsheet holds them. */
export interface ShownTable {
  headers: string[];
  /** Rows in the document (the table is virtualised), with their place in the whole table. */
  rows: { index: number; cells: string[] }[];
  /** All rows of the table, from aria-rowcount. */
  total: number;
}

export interface FileTable {
  headers: string[];
  rows: (string | number | null)[][];
}

export async function readShownTable(table: Locator): Promise<ShownTable> {
  return table.evaluate((element) => {
    const text = (cell: Element) => (cell.textContent ?? '').trim();
    return {
      headers: Array.from(element.querySelectorAll('thead th')).map(text),
      rows: Array.from(element.querySelectorAll('tbody tr[aria-rowindex]')).map((row) => ({
        index: Number(row.getAttribute('aria-rowindex')) - 2,
        cells: Array.from(row.querySelectorAll('td')).map(text),
      })),
      total: Number(element.getAttribute('aria-rowcount')) - 1,
    };
  });
}

/** RFC 4180: quoted fields may hold commas, quotes ("") and line breaks. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

/** The CSV export: UTF-8 with a BOM (Excel then shows 中文 right), a header row, then rows. */
export async function readCsvFile(path: string): Promise<FileTable> {
  const bytes = await readFile(path);
  assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'the CSV starts with a BOM');
  const [headers, ...rows] = parseCsv(bytes.subarray(3).toString('utf8'));
  return { headers: headers ?? [], rows: rows.map((row) => row.map((c) => (c === '' ? null : c))) };
}

/** The .xlsx export read back with a reader library: its first sheet, header row frozen. */
export async function readXlsxFile(path: string): Promise<FileTable> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(path);
  const sheet = workbook.worksheets[0];
  assert.ok(sheet, 'the workbook has a sheet');
  assert.equal(sheet.views[0]?.state, 'frozen', 'the header row is frozen');
  const values: (string | number | null)[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    const cells = (row.values as ExcelJS.CellValue[]).slice(1);
    values.push(
      cells.map((v) => {
        if (v === undefined || v === null) return null;
        // Times are date cells in the factory's local time (Excel keeps no zone: the wall
        // time reads back as UTC fields), so they compare as the table's wall time.
        if (v instanceof Date) return v.toISOString().slice(0, 19);
        return v as string | number;
      }),
    );
  });
  const [headers, ...rows] = values;
  const width = headers?.length ?? 0;
  return {
    headers: (headers ?? []).map(String),
    rows: rows.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? null)),
  };
}

const NUMBER_SHOWN = /^-?[\d,]+(\.\d+)?$/;
const DASH = '—';

/** "2026-11-19T00:15:00+08:00" as the table writes it: "2026/11/19 00:15:00" (cut to `length`). */
function shownTime(iso: string, length: number): string {
  return iso.slice(0, 19).replace('T', ' ').replaceAll('-', '/').slice(0, length);
}

/**
 * Every row the table shows matches the file's row at the same place, column
 * by column (by header text): times as the same factory-local wall time,
 * numbers equal to the shown decimals, a dash where the file is empty.
 */
export function assertSameRows(
  shown: ShownTable,
  file: FileTable,
  timeHeaders: string[],
  what: string,
) {
  assert.equal(
    file.rows.length,
    shown.total,
    `${what}: the file has the table's ${shown.total} rows`,
  );
  assert.ok(shown.rows.length > 0, `${what}: the table shows rows`);
  const columns = shown.headers.map((header) => {
    // A workbook's time columns name the factory's zone: "Reading time (Asia/Taipei)".
    const at = file.headers.findIndex(
      (h) => h === header || (timeHeaders.includes(header) && h.startsWith(`${header} (`)),
    );
    assert.ok(
      at >= 0,
      `${what}: the file has the column "${header}" (${file.headers.join(' | ')})`,
    );
    return at;
  });
  for (const { index, cells } of shown.rows) {
    const fileRow = file.rows[index];
    assert.ok(fileRow, `${what}: the file has row ${index}`);
    cells.forEach((text, i) => {
      const header = shown.headers[i]!;
      const value = fileRow[columns[i]!] ?? null;
      const where = `${what}, row ${index}, "${header}"`;
      if (timeHeaders.includes(header)) {
        assert.equal(shownTime(String(value), text.length), text, where);
      } else if (text === DASH) {
        assert.equal(value, null, where);
      } else if (NUMBER_SHOWN.test(text)) {
        const digits = text.split('.')[1]?.length ?? 0;
        const difference = Math.abs(Number(text.replaceAll(',', '')) - Number(value));
        assert.ok(difference <= 0.5 * 10 ** -digits + 1e-9, `${where}: ${text} vs ${value}`);
      } else {
        assert.equal(String(value), text, where);
      }
    });
  }
}
