import {
  REPORT_ROW_FIELDS,
  type EnergyRow,
  type ExportLang,
  type ReportRow,
} from '@wattboard/contract';
import { ENERGY_COLUMNS, ENERGY_HEADERS, headerRow, READING_HEADERS } from './calc/headers.ts';

/** A cell as both writers take it: text, a number (written with a dot), or empty. */
export type Cell = string | number | null;

/** What a column holds, for the .xlsx number format and width. */
export type ColumnKind = 'id' | 'text' | 'time' | 'measure' | 'factor';

export interface SheetLayout {
  headers: string[];
  kinds: ColumnKind[];
  /**
   * When set (the .xlsx), time cells are written as dates on this zone's wall
   * clock and their headers name the zone; unset (CSV), they stay ISO text
   * with their offset.
   */
  timeZone?: string;
}

/** The layout for a file whose time cells are the factory's local dates: "Reading time (Asia/Taipei)". */
export function withTimeZone(layout: SheetLayout, timeZone: string): SheetLayout {
  return {
    headers: layout.headers.map((header, index) =>
      layout.kinds[index] === 'time' ? `${header} (${timeZone})` : header,
    ),
    kinds: layout.kinds,
    timeZone,
  };
}

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
    REPORT_ROW_FIELDS.map((field) => row[field]),
    channelName,
  );
}

export function energyCells(row: EnergyRow, channelName: string): Cell[] {
  return withNameColumn<Cell>(
    ENERGY_COLUMNS,
    ENERGY_COLUMNS.map((field) => row[field]),
    channelName,
  );
}
