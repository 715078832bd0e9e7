import type { ReportRow } from '@wattboard/contract';

export type Quantity =
  | 'voltage'
  | 'current'
  | 'realPower'
  | 'apparentPower'
  | 'reactivePower'
  | 'powerFactor'
  | 'kwhForward'
  | 'kwhReverse'
  | 'kwhTotal'
  | 'kvarhLagging'
  | 'frequency'
  | 'temperature';

export type Phase = 'A' | 'B' | 'C' | 'Total';

/** A numeric column of the readings table: which field, what it measures, its unit and decimals. */
export interface ReadingColumn {
  field: keyof ReportRow;
  quantity: Quantity;
  phase: Phase | null;
  unit: string;
  digits: number;
}

function phased(
  prefix: string,
  quantity: Quantity,
  unit: string,
  digits: number,
  phases: readonly Phase[],
): ReadingColumn[] {
  return phases.map((phase) => ({
    field: `${prefix}_${phase}` as keyof ReportRow,
    quantity,
    phase,
    unit,
    digits,
  }));
}

const ABC: Phase[] = ['A', 'B', 'C'];
const ABC_TOTAL: Phase[] = ['A', 'B', 'C', 'Total'];

/** Every measured field of a reading row, in the contract's order (units as report.ts gives them). */
export const READING_COLUMNS: readonly ReadingColumn[] = [
  ...phased('voltage', 'voltage', 'V', 1, ABC),
  ...phased('current', 'current', 'A', 2, ABC),
  ...phased('realPowerKW', 'realPower', 'kW', 3, ABC_TOTAL),
  ...phased('apparentPowerKVA', 'apparentPower', 'kVA', 3, ABC_TOTAL),
  ...phased('reactivePowerKVAR', 'reactivePower', 'kvar', 3, ABC_TOTAL),
  ...phased('powerFactor', 'powerFactor', '', 3, ABC_TOTAL),
  { field: 'kwhForward', quantity: 'kwhForward', phase: null, unit: 'kWh', digits: 3 },
  { field: 'kwhReverse', quantity: 'kwhReverse', phase: null, unit: 'kWh', digits: 3 },
  { field: 'kwhTotal', quantity: 'kwhTotal', phase: null, unit: 'kWh', digits: 3 },
  { field: 'kvarhLagging', quantity: 'kvarhLagging', phase: null, unit: 'kvarh', digits: 3 },
  { field: 'frequencyHz', quantity: 'frequency', phase: null, unit: 'Hz', digits: 2 },
  { field: 'temperature', quantity: 'temperature', phase: null, unit: '°C', digits: 1 },
];

/**
 * The columns worth showing for these rows: a column null in every row (a
 * phase the meter's wiring lacks, a meter without a thermometer or a kvarh
 * counter; absent reads as null, as an older server leaves kvarhLagging out) is left out.
 * With no rows every column stays, so the header does not jump on load.
 */
export function columnsWithData(
  columns: readonly ReadingColumn[],
  rows: readonly ReportRow[],
): ReadingColumn[] {
  if (rows.length === 0) return [...columns];
  return columns.filter((column) => rows.some((row) => (row[column.field] ?? null) !== null));
}

/** "Voltage A (V)", "Power factor Total": the quantity's label, the phase, the unit. */
export function columnHeader(column: ReadingColumn, quantityLabel: string, totalLabel: string) {
  const phase = column.phase === 'Total' ? totalLabel : column.phase;
  const name = phase ? `${quantityLabel} ${phase}` : quantityLabel;
  return column.unit ? `${name} (${column.unit})` : name;
}
