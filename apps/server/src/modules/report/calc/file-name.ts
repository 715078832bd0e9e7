import type { EnergyInterval, ExportFormat, ExportKind, ExportLang } from '@wattboard/contract';
import type { InstantRange } from '../../monitor/index.ts';
import type { ZoneClock } from '@wattboard/zone-time';

export interface FileNameParts {
  meterName: string;
  range: InstantRange;
  lang: ExportLang;
  format: ExportFormat;
  kind: ExportKind;
  interval: EnergyInterval;
}

/** A bound as a local date, with the time (HHmm) when it is not midnight. */
function localStamp(t: number, clock: ZoneClock): string {
  const iso = clock.formatIso(t);
  const time = iso.slice(11, 16);
  return time === '00:00' ? iso.slice(0, 10) : `${iso.slice(0, 10)}T${time.replace(':', '')}`;
}

/** The range as the file name says it: inclusive local days (…_2026-11-01_2026-11-30). */
function rangeStamp(range: InstantRange, clock: ZoneClock): string {
  const endIso = clock.formatIso(range.to);
  const endsAtMidnight = endIso.slice(11, 16) === '00:00';
  const end = endsAtMidnight
    ? clock.formatIso(range.to - 1).slice(0, 10)
    : localStamp(range.to, clock);
  return `${localStamp(range.from, clock)}_${end}`;
}

/** Characters no file system or Content-Disposition takes, and control characters. */
const UNSAFE = /[\\/:*?"<>|\p{Cc}]+/gu;

/** "Compressor Room Meter_2026-11-01_2026-11-30_energy-day_zh-TW.xlsx" */
export function exportFileName(parts: FileNameParts, clock: ZoneClock): string {
  const meter = parts.meterName.replace(UNSAFE, '_').trim() || 'meter';
  const kind = parts.kind === 'energy' ? `_energy-${parts.interval}` : '';
  return `${meter}_${rangeStamp(parts.range, clock)}${kind}_${parts.lang}.${parts.format}`;
}

/**
 * Content-Disposition for a download (RFC 6266 / RFC 5987): an ASCII
 * `filename` fallback and the UTF-8 `filename*` that carries 中文.
 */

export const CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};
