import {
  parseWireNumber,
  type HistoryField,
  type HistoryMapping,
  type HistoryRefusal,
  type HistoryRefusalKind,
} from '@wattboard/contract';
import type { ZoneClock } from '@wattboard/zone-time';
import { parseCsvTime } from './parse-time.ts';

/** One CSV row in the pipeline's terms; `kwh` is a counter or an interval's energy (format). */
export interface HistoryRow {
  row: number;
  serial: string;
  ts: number;
  kwh: number;
  kw: number | null;
  voltage: number | null;
  current: number | null;
  pf: number | null;
  kvarh: number | null;
}

export interface MapOptions {
  mapping: HistoryMapping;
  /** The meter of every row when the mapping has no serial column. */
  meterSerial?: string;
  clock: ZoneClock;
  /** The file's row number of records[0]. */
  firstRow: number;
}

export interface MappedRows {
  rows: HistoryRow[];
  refused: HistoryRefusal[];
}

const OPTIONAL: readonly Exclude<HistoryField, 'time' | 'serial' | 'kwh'>[] = [
  'kw',
  'voltage',
  'current',
  'pf',
  'kvarh',
];

/** Problems with the mapping itself (a column the header does not have), before any row. */
export function mappingProblem(
  mapping: HistoryMapping,
  columns: readonly string[],
  meterSerial: string | undefined,
): string | null {
  for (const [field, name] of Object.entries(mapping)) {
    if (name !== undefined && !columns.includes(name)) {
      return `mapping.${field}: the file has no column "${name}" (it has ${columns.join(', ')})`;
    }
  }
  if (mapping.serial === undefined && meterSerial === undefined) {
    return 'mapping.serial: map a serial column, or name the meter in meterSerial';
  }
  return null;
}

/**
 * Turns parsed records into rows, each refused row with its row number, the
 * column at fault and why. The mapping must already have passed mappingProblem.
 */
export function mapRows(
  columns: readonly string[],
  records: readonly string[][],
  options: MapOptions,
): MappedRows {
  const index = (name: string | undefined) => (name === undefined ? -1 : columns.indexOf(name));
  const at = Object.fromEntries(
    (Object.keys(options.mapping) as HistoryField[]).map((field) => [
      field,
      index(options.mapping[field]),
    ]),
  ) as Partial<Record<HistoryField, number>>;
  const rows: HistoryRow[] = [];
  const refused: HistoryRefusal[] = [];

  records.forEach((cells, i) => {
    const row = options.firstRow + i;
    const cell = (field: HistoryField) => {
      const position = at[field] ?? -1;
      return position < 0 ? undefined : cells[position];
    };
    const refuse = (
      field: HistoryField,
      kind: HistoryRefusalKind,
      value: string | null,
      reason: string,
    ) => refused.push({ row, column: options.mapping[field] ?? field, kind, value, reason });

    const timeText = cell('time') ?? '';
    const ts = parseCsvTime(timeText, options.clock);
    if (ts === null) {
      if (timeText === '') refuse('time', 'missingTime', null, 'missing time');
      else {
        const shown = timeText.slice(0, 40);
        refuse(
          'time',
          'badTime',
          shown,
          `time unparsable: "${shown}" (ISO 8601, or YYYY-MM-DD HH:MM on the factory clock)`,
        );
      }
      return;
    }
    const serial =
      options.mapping.serial === undefined ? options.meterSerial! : (cell('serial') ?? '');
    if (serial === '') {
      refuse('serial', 'missingSerial', null, 'missing meter serial');
      return;
    }
    const kwh = parseWireNumber(cell('kwh') ?? '');
    if (kwh === undefined) {
      const shown = (cell('kwh') ?? '').slice(0, 40);
      refuse('kwh', 'badNumber', shown, `kWh is not a number: "${shown}"`);
      return;
    }
    const optional: Record<string, number | null> = {};
    for (const field of OPTIONAL) {
      const text = cell(field);
      if (text === undefined || text === '') {
        optional[field] = null;
        continue;
      }
      const value = parseWireNumber(text);
      if (value === undefined) {
        const shown = text.slice(0, 40);
        refuse(field, 'badNumber', shown, `${field} is not a number: "${shown}"`);
        return;
      }
      optional[field] = value;
    }
    rows.push({
      row,
      serial,
      ts,
      kwh,
      kw: optional.kw ?? null,
      voltage: optional.voltage ?? null,
      current: optional.current ?? null,
      pf: optional.pf ?? null,
      kvarh: optional.kvarh ?? null,
    });
  });
  return { rows, refused };
}
