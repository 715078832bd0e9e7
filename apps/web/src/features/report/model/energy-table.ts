import type { EnergyInterval } from '@wattboard/contract';

import type { EnergyFigures } from '@wattboard/contract';

export type EnergyQuantity =
  'kwhForward' | 'kwhReverse' | 'kwhNet' | 'kvarhLagging' | 'co2KG' | 'maxKW' | 'averageKW';

export interface EnergyColumn {
  field: EnergyQuantity;
  unit: string;
  digits: number;
  /** Shown only when some figure has it (a meter without a kvarh counter has no kvarh). */
  optional?: boolean;
}

/** The energy view's figures with their units (contract report-energy.ts). */
export const ENERGY_COLUMNS: readonly EnergyColumn[] = [
  { field: 'kwhForward', unit: 'kWh', digits: 3 },
  { field: 'kwhReverse', unit: 'kWh', digits: 3 },
  { field: 'kwhNet', unit: 'kWh', digits: 3 },
  { field: 'kvarhLagging', unit: 'kvarh', digits: 3, optional: true },
  { field: 'co2KG', unit: 'kg', digits: 3 },
  { field: 'maxKW', unit: 'kW', digits: 3 },
  { field: 'averageKW', unit: 'kW', digits: 3 },
];

/**
 * The columns for these figures: an optional column (kvarh, issue #24) only when
 * some row or total has a value in it, so a meter without the counter shows no
 * column of dashes.
 */
export function energyColumnsFor(
  columns: readonly EnergyColumn[],
  figures: readonly EnergyFigures[],
): EnergyColumn[] {
  return columns.filter(
    (column) =>
      !column.optional || figures.some((figure) => (figure[column.field] ?? null) !== null),
  );
}

/** How an interval's start is written: its time for 15 min and hours, its day, its month. */
export function intervalPattern(interval: EnergyInterval): string {
  if (interval === 'day') return 'yyyy/MM/dd';
  if (interval === 'month') return 'yyyy/MM';
  return 'yyyy/MM/dd HH:mm';
}
