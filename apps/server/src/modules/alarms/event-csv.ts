import type { AdminEvent } from '@wattboard/contract';
import type { ZoneClock } from '@wattboard/zone-time';
import type { Cell, SheetLayout } from '../../platform/files/sheet-layout.ts';

type Lang = 'en' | 'zh-TW';

const HEADERS: Record<Lang, string[]> = {
  en: [
    'Id',
    'Opened',
    'Point',
    'Target',
    'Title',
    'Value',
    'Low',
    'High',
    'State',
    'Cleared',
    'Cleared by',
  ],
  'zh-TW': [
    '編號',
    '發生時間',
    '監測點',
    '項目',
    '標題',
    '數值',
    '下限',
    '上限',
    '狀態',
    '解除時間',
    '解除者',
  ],
};

const STATE: Record<Lang, Record<AdminEvent['state'], string>> = {
  en: { unresolved: 'Unresolved', resolved: 'Resolved' },
  'zh-TW': { unresolved: '未解除', resolved: '已解除' },
};

export function eventLayout(lang: Lang): SheetLayout {
  return {
    headers: HEADERS[lang],
    kinds: [
      'id',
      'time',
      'text',
      'text',
      'text',
      'measure',
      'measure',
      'measure',
      'text',
      'time',
      'text',
    ],
  };
}

/** One CSV row: times on the factory's clock, names and titles in the language. */
export function eventCells(event: AdminEvent, lang: Lang, clock: ZoneClock): Cell[] {
  const zh = lang === 'zh-TW';
  return [
    event.id,
    clock.formatIso(Date.parse(event.openedAt)),
    zh ? (event.nodeChName ?? event.nodeName) : event.nodeName,
    event.target,
    zh ? event.title : event.titleText,
    event.value,
    event.thresholdLow,
    event.thresholdHigh,
    STATE[lang][event.state],
    event.resolvedAt === null ? null : clock.formatIso(Date.parse(event.resolvedAt)),
    event.resolvedBy,
  ];
}
