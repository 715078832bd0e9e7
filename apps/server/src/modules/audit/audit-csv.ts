import type { AuditEntry } from '@wattboard/contract';
import type { ZoneClock } from '@wattboard/zone-time';
import type { Cell, SheetLayout } from '../../platform/files/sheet-layout.ts';

type Lang = 'en' | 'zh-TW';

const HEADERS: Record<Lang, string[]> = {
  en: ['Time', 'Who', 'Action', 'Target type', 'Target id', 'Address', 'Detail'],
  'zh-TW': ['時間', '操作者', '動作', '對象類型', '對象編號', '來源位址', '詳細內容'],
};

export function auditLayout(lang: Lang): SheetLayout {
  return {
    headers: HEADERS[lang],
    kinds: ['time', 'text', 'text', 'text', 'text', 'text', 'text'],
  };
}

/** One CSV row of an entry: the time on the factory's wall clock, the detail as JSON. */
export function auditCells(entry: AuditEntry, clock: ZoneClock): Cell[] {
  return [
    clock.formatIso(Date.parse(entry.time)),
    entry.actor,
    entry.action,
    entry.targetType,
    entry.targetId,
    entry.address,
    JSON.stringify(entry.detail),
  ];
}

/** `audit-log-2026-11-01-2026-11-30.csv`; an open end reads `start` / `today`. */
export function exportFileNameFor(
  prefix: string,
  days: { from?: string | undefined; to?: string | undefined },
): string {
  return `${prefix}-${days.from ?? 'start'}-${days.to ?? 'today'}.csv`;
}
