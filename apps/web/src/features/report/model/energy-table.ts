import type { EnergyInterval } from '@wattboard/contract';

export type EnergyQuantity =
  'kwhForward' | 'kwhReverse' | 'kwhNet' | 'co2KG' | 'maxKW' | 'averageKW';

export interface EnergyColumn {
  field: EnergyQuantity;
  unit: string;
  digits: number;
}

/** The energy view's figures with their units (contract report-energy.ts). */
export const ENERGY_COLUMNS: readonly EnergyColumn[] = [
  { field: 'kwhForward', unit: 'kWh', digits: 3 },
  { field: 'kwhReverse', unit: 'kWh', digits: 3 },
  { field: 'kwhNet', unit: 'kWh', digits: 3 },
  { field: 'co2KG', unit: 'kg', digits: 3 },
  { field: 'maxKW', unit: 'kW', digits: 3 },
  { field: 'averageKW', unit: 'kW', digits: 3 },
];

/** How an interval's start is written: its time for 15 min and hours, its day, its month. */
export function intervalPattern(interval: EnergyInterval): string {
  if (interval === 'day') return 'yyyy/MM/dd';
  if (interval === 'month') return 'yyyy/MM';
  return 'yyyy/MM/dd HH:mm';
}
