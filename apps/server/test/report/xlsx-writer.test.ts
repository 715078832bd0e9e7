import { buffer } from 'node:stream/consumers';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Cell, SheetLayout } from '../../src/platform/files/sheet-layout.ts';
import { sheetBacklog, xlsxStream } from '../../src/platform/files/xlsx-writer.ts';

const layout: SheetLayout = {
  headers: ['Channel ID', 'Name', 'Power (kW)'],
  kinds: ['id', 'text', 'measure'],
};

async function* pages(rows: Cell[][], size: number) {
  for (let i = 0; i < rows.length; i += size) yield rows.slice(i, i + size);
}

describe('xlsx writer', () => {
  it('continues on a new sheet, header and frozen pane included, when a sheet is full', async () => {
    const rows: Cell[][] = [1, 2, 3, 4, 5].map((n) => [n, `電表 ${n}`, n === 3 ? null : n / 4]);
    const bytes = await buffer(xlsxStream('Readings', layout, pages(rows, 2), 2));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Readings',
      'Readings 2',
      'Readings 3',
    ]);
    const read = workbook.worksheets.map((sheet) =>
      sheet
        .getSheetValues()
        .slice(1)
        .map((values) => (values as unknown[]).slice(1)),
    );
    expect(read).toEqual([
      [layout.headers, [1, '電表 1', 0.25], [2, '電表 2', 0.5]],
      [layout.headers, [3, '電表 3'], [4, '電表 4', 1]],
      [layout.headers, [5, '電表 5', 1.25]],
    ]);
    for (const sheet of workbook.worksheets) {
      expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
      expect(sheet.getRow(1).font?.bold).toBe(true);
    }
    expect(workbook.worksheets[0]!.getRow(2).getCell(3).numFmt).toBe('0.0###');
    expect(workbook.worksheets[0]!.getRow(2).getCell(1).numFmt).toBe('0');
  });

  it('sees what exceljs has not yet zipped (the internals its backpressure relies on)', async () => {
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ useStyles: true });
    const sheet = workbook.addWorksheet('R');
    expect(sheetBacklog(sheet)).toEqual(expect.any(Number));
    for (let i = 0; i < 3000; i++) sheet.addRow([i, 'x'.repeat(40), i / 3]).commit();
    expect(sheetBacklog(sheet)).toBeGreaterThan(0);
    expect(sheetBacklog({})).toBeNull();
  });
});
