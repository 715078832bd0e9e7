import {
  REPORT_ROW_FIELDS,
  type EnergyRow,
  type ExportLang,
  type ReportRow,
} from '@wattboard/contract';
import type { Cell, ColumnKind, SheetLayout } from '../../platform/files/sheet-layout.ts';
import { ENERGY_COLUMNS, ENERGY_HEADERS, headerRow, READING_HEADERS } from './calc/headers.ts';

function kindOf(field: string): ColumnKind {
  if (field === 'smartmeterId' || field === 'channelId') return 'id';
  if (field === 'serialNumber') return 'text';
  if (field.startsWith('dt')) return 'time';
  if (field.startsWith('powerFactor')) return 'factor';
  return 'measure';
}

function withNameColumn<T>(columns: readonly string[], values: T[], name: T): T[] {
  const at = columns.indexOf('channelId') + 1;
  return [...values.slice(0, at), name, ...values.slice(at)];
}

export function readingsLayout(lang: ExportLang): SheetLayout {
  return {
    headers: headerRow(REPORT_ROW_FIELDS, READING_HEADERS, lang),
    kinds: withNameColumn<ColumnKind>(REPORT_ROW_FIELDS, REPORT_ROW_FIELDS.map(kindOf), 'text'),
  };
}

export function energyLayout(lang: ExportLang): SheetLayout {
  return {
    headers: headerRow(ENERGY_COLUMNS, ENERGY_HEADERS, lang),
    kinds: withNameColumn<ColumnKind>(ENERGY_COLUMNS, ENERGY_COLUMNS.map(kindOf), 'text'),
  };
}

/** A readings row's cells in column order, the channel's name after its id. */
export function readingCells(row: ReportRow, channelName: string): Cell[] {
  return withNameColumn<Cell>(
    REPORT_ROW_FIELDS,
    // An optional field (kvarhLagging) left out is an empty cell, as null is.
    REPORT_ROW_FIELDS.map((field) => row[field] ?? null),
    channelName,
  );
}

export function energyCells(row: EnergyRow, channelName: string): Cell[] {
  return withNameColumn<Cell>(
    ENERGY_COLUMNS,
    ENERGY_COLUMNS.map((field) => row[field] ?? null),
    channelName,
  );
}
