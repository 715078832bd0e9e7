import { reportRow } from '@wattboard/contract';
import type { ReportRow } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { columnHeader, columnsWithData, READING_COLUMNS } from './reading-columns';
import { readingRow } from '@/testing/report/fixtures';

describe('readings table columns', () => {
  it('covers every measured field of the contract row exactly once', () => {
    const described = new Set(READING_COLUMNS.map((column) => column.field));
    expect(described.size).toBe(READING_COLUMNS.length);
    const identity = new Set([
      'smartmeterId',
      'channelId',
      'serialNumber',
      'dtReading',
      'dtReceived',
    ]);
    const measured = Object.keys(reportRow.shape).filter((key) => !identity.has(key));
    expect([...described].sort()).toEqual(measured.sort());
  });

  it('leaves out phases a single-phase meter does not have', () => {
    const single: ReportRow = readingRow({
      voltage_B: null,
      voltage_C: null,
      current_B: null,
      current_C: null,
      realPowerKW_B: null,
      realPowerKW_C: null,
      temperature: null,
    });
    const fields = columnsWithData(READING_COLUMNS, [single]).map((c) => c.field);
    expect(fields).toContain('voltage_A');
    expect(fields).not.toContain('voltage_B');
    expect(fields).not.toContain('realPowerKW_C');
    expect(fields).not.toContain('temperature');
    expect(fields).toContain('realPowerKW_Total');
  });

  it('keeps a column that has a value in any row', () => {
    const rows = [readingRow({ temperature: null }), readingRow({ temperature: 31.5 })];
    expect(columnsWithData(READING_COLUMNS, rows).map((c) => c.field)).toContain('temperature');
  });

  it('shows the kvarh counter only where some row has it (absent reads as none)', () => {
    const without = columnsWithData(READING_COLUMNS, [readingRow()]).map((c) => c.field);
    expect(without).not.toContain('kvarhLagging');
    const rows = [readingRow({ kvarhLagging: null }), readingRow({ kvarhLagging: 12.5 })];
    expect(columnsWithData(READING_COLUMNS, rows).map((c) => c.field)).toContain('kvarhLagging');
  });

  it('keeps every column while there are no rows', () => {
    expect(columnsWithData(READING_COLUMNS, [])).toHaveLength(READING_COLUMNS.length);
  });

  it('names the quantity, phase and unit in the header', () => {
    const byField = (field: keyof ReportRow) => READING_COLUMNS.find((c) => c.field === field)!;
    expect(columnHeader(byField('voltage_A'), 'Voltage', 'Total')).toBe('Voltage A (V)');
    expect(columnHeader(byField('realPowerKW_Total'), '實功率', '合計')).toBe('實功率 合計 (kW)');
    expect(columnHeader(byField('powerFactor_B'), 'Power factor', 'Total')).toBe('Power factor B');
    expect(columnHeader(byField('kwhForward'), 'Forward energy', 'Total')).toBe(
      'Forward energy (kWh)',
    );
  });
});
