import { HISTORY_FIELDS } from '@wattboard/contract';
import type { HistoryField, HistoryImportFormat, HistoryMapping } from '@wattboard/contract';

/** The mapping as the form holds it: a column name per field, '' for none. */
export type MappingForm = Record<HistoryField, string>;

export const EMPTY_MAPPING: MappingForm = Object.fromEntries(
  HISTORY_FIELDS.map((field) => [field, '']),
) as MappingForm;

export interface ImportSettings {
  format: HistoryImportFormat;
  intervalMinutes: number;
  intervalTime: 'start' | 'end';
  /** Every row's meter when no serial column is mapped; '' for none chosen. */
  meterSerial: string;
}

export const DEFAULT_SETTINGS: ImportSettings = {
  format: 'readings',
  intervalMinutes: 15,
  intervalTime: 'end',
  meterSerial: '',
};

/** The server's (guessed) mapping in the form; a column the file lacks is left out. */
export function mappingForm(mapping: Partial<HistoryMapping> | null | undefined): MappingForm {
  return { ...EMPTY_MAPPING, ...Object.fromEntries(Object.entries(mapping ?? {})) };
}

/** The form's mapping as the contract takes it; null while time or kWh has no column. */
export function mappingOf(form: MappingForm): HistoryMapping | null {
  if (form.time === '' || form.kwh === '') return null;
  const chosen = Object.entries(form).filter(([, column]) => column !== '');
  return Object.fromEntries(chosen) as HistoryMapping;
}

/** What keeps the import from starting: a text key, or null when it can go. */
export function importBlocker(form: MappingForm, settings: ImportSettings): string | null {
  if (!mappingOf(form)) return 'admin.import.needMapping';
  if (form.serial === '' && settings.meterSerial === '') return 'admin.import.needMeter';
  return null;
}

/** The fields every preview and chunk shares: the format's options and the meter, if any. */
export function settingsFields(settings: ImportSettings, form: MappingForm) {
  return {
    format: settings.format,
    ...(settings.format === 'interval'
      ? { intervalMinutes: settings.intervalMinutes, intervalTime: settings.intervalTime }
      : {}),
    // A serial column wins: the meter is only for files without one.
    ...(form.serial === '' && settings.meterSerial !== ''
      ? { meterSerial: settings.meterSerial }
      : {}),
  };
}
