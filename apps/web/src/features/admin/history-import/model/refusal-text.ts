import type { HistoryRefusal } from '@wattboard/contract';
import type { TFunction } from 'i18next';

/**
 * A refused row told in the page's language: its row, its column when the
 * refusal is about one, and the text of its kind with the cell at fault. The
 * server's `reason` is English for API users and never shown.
 */
export function refusalText(t: TFunction, refusal: HistoryRefusal): string {
  const kind = t(`admin.import.refusal.${refusal.kind}`);
  const problem =
    refusal.value === null
      ? kind
      : t('admin.import.withValue', { problem: kind, value: refusal.value });
  return refusal.column === null
    ? t('admin.import.refusedLineNoColumn', { row: refusal.row, problem })
    : t('admin.import.refusedLine', { row: refusal.row, column: refusal.column, problem });
}

/** A byte count for the progress line (units read the same in both languages). */
export function byteSize(bytes: number, language: string): string {
  const format = (value: number, digits: number) =>
    value.toLocaleString(language, { maximumFractionDigits: digits });
  if (bytes < 1000) return `${format(bytes, 0)} B`;
  if (bytes < 1_000_000) return `${format(bytes / 1000, 0)} kB`;
  return `${format(bytes / 1_000_000, 1)} MB`;
}
