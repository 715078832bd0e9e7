/**
 * Wording pieces of alarm mails in both languages: measured quantities,
 * limits and factory-local times. Pure.
 */
import { formatFactoryLocalIso } from '@wattboard/zone-time';

export type MailLanguage = 'en' | 'zh';

interface TargetInfo {
  en: string;
  zh: string;
  unit: string;
}

/** The alarm targets, plus the offline, anomaly and test events. */
const TARGETS: Record<string, TargetInfo> = {
  voltage: { en: 'Voltage', zh: '電壓', unit: 'V' },
  current: { en: 'Current', zh: '電流', unit: 'A' },
  power: { en: 'Power', zh: '功率', unit: 'kW' },
  demand: { en: 'Demand', zh: '需量', unit: 'kW' },
  pf: { en: 'Power factor', zh: '功率因數', unit: '' },
  temperature: { en: 'Temperature', zh: '溫度', unit: '°C' },
  frequency: { en: 'Frequency', zh: '頻率', unit: 'Hz' },
  imbalance: { en: 'Current imbalance', zh: '電流不平衡率', unit: '%' },
  offline: { en: 'Meter offline', zh: '電表離線', unit: '' },
  // Issue #27: a point away from its typical day; value and limits are kW (the band it left).
  anomaly: { en: 'Anomaly', zh: '用電異常', unit: 'kW' },
  test: { en: 'Test alarm', zh: '測試警報', unit: '' },
};

/** The target's name in the language; an unknown target is shown as it is stored. */
export function targetLabel(target: string, language: MailLanguage): string {
  return TARGETS[target]?.[language] ?? target;
}

export function targetUnit(target: string): string {
  return TARGETS[target]?.unit ?? '';
}

const numberFormats: Record<MailLanguage, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 }),
  zh: new Intl.NumberFormat('zh-TW', { maximumFractionDigits: 2 }),
};

const NOT_AVAILABLE: Record<MailLanguage, string> = { en: 'n/a', zh: '無資料' };

/** 252.4 with the target's unit → "252.4 V"; null → "n/a" / "無資料". */
export function formatMeasurement(
  value: number | null,
  target: string,
  language: MailLanguage,
): string {
  if (value === null || Number.isNaN(value)) return NOT_AVAILABLE[language];
  const unit = targetUnit(target);
  const number = numberFormats[language].format(value);
  return unit === '' ? number : `${number} ${unit}`;
}

const LIMIT_WORDS: Record<MailLanguage, { low: string; high: string; none: string; join: string }> =
  {
    en: { low: 'low', high: 'high', none: 'none', join: ' / ' },
    zh: { low: '下限', high: '上限', none: '未設定', join: '／' },
  };

/** The alarm's range: "low 200 V / high 240 V", "high 240 V", or "none" when neither is set. */
export function formatLimit(
  low: number | null,
  high: number | null,
  target: string,
  language: MailLanguage,
): string {
  const words = LIMIT_WORDS[language];
  const parts: string[] = [];
  if (low !== null) parts.push(`${words.low} ${formatMeasurement(low, target, language)}`);
  if (high !== null) parts.push(`${words.high} ${formatMeasurement(high, target, language)}`);
  return parts.length === 0 ? words.none : parts.join(words.join);
}

/**
 * The instant on the factory's wall clock with its offset and zone, e.g.
 * "2026-11-21 14:03:05 (UTC+08:00, Asia/Taipei)", so a reader in another zone
 * is never misled about when it happened.
 */
export function formatMailTime(instant: Date, timeZone: string): string {
  const iso = formatFactoryLocalIso(instant, timeZone); // 2026-11-21T14:03:05+08:00
  const wallClock = iso.slice(0, 19).replace('T', ' ');
  return `${wallClock} (UTC${iso.slice(19)}, ${timeZone})`;
}
