/**
 * Event titles and descriptions in English (titleText/descText) and
 * Traditional Chinese (title/desc). Pure: the same inputs always
 * give the same words, so they are tested as text.
 */
import type { AlarmTarget } from '@wattboard/contract';
import { localParts } from '@wattboard/zone-time';
import type { BreachedLimit } from './rules.ts';
import { TARGET_UNITS } from './targets.ts';

export interface EventTexts {
  titleEn: string;
  descEn: string;
  titleZh: string;
  descZh: string;
}

/** A node as people know it: `name` in English, `chName` in Chinese. */
export interface NodeNames {
  name: string;
  chName: string;
}

const TARGET_NAMES: Record<AlarmTarget, { en: string; zh: string }> = {
  voltage: { en: 'Voltage', zh: '電壓' },
  current: { en: 'Current', zh: '電流' },
  power: { en: 'Power', zh: '功率' },
  demand: { en: 'Demand', zh: '需量' },
  pf: { en: 'Power factor', zh: '功率因數' },
  temperature: { en: 'Temperature', zh: '溫度' },
  frequency: { en: 'Frequency', zh: '頻率' },
  imbalance: { en: 'Current imbalance', zh: '電流不平衡' },
};

/** Decimal places worth showing per target (a power factor needs three, a voltage one). */
const DECIMALS: Record<AlarmTarget, number> = {
  voltage: 1,
  current: 1,
  power: 2,
  demand: 2,
  pf: 3,
  temperature: 1,
  frequency: 2,
  imbalance: 1,
};

/** 245.3 V, 0.78 (no unit), 61.5 °C: rounded, without trailing zeros. */
export function formatMeasure(target: AlarmTarget, value: number): string {
  const rounded = Number(value.toFixed(DECIMALS[target]));
  const number = String(rounded === 0 ? 0 : rounded);
  const unit = TARGET_UNITS[target];
  return unit === '' ? number : `${number} ${unit}`;
}

export interface BreachFacts {
  node: NodeNames;
  target: AlarmTarget;
  value: number;
  limit: BreachedLimit;
  limitValue: number;
}

/** A threshold breach: which node, what, how much, and the limit it crossed. */
export function breachTexts({ node, target, value, limit, limitValue }: BreachFacts): EventTexts {
  const names = TARGET_NAMES[target];
  const shown = formatMeasure(target, value);
  const bound = formatMeasure(target, limitValue);
  const en =
    limit === 'high' ? `is above the high limit ${bound}` : `is below the low limit ${bound}`;
  const zh = limit === 'high' ? `高於上限 ${bound}` : `低於下限 ${bound}`;
  return {
    titleEn: `${names.en} alarm: ${node.name}`,
    descEn: `${node.name}: ${names.en.toLowerCase()} ${shown} ${en}.`,
    titleZh: `${names.zh}警報：${node.chName}`,
    descZh: `${node.chName}：${names.zh} ${shown} ${zh}。`,
  };
}

const pad = (n: number) => String(n).padStart(2, '0');

/** yyyy/MM/dd HH:mm in the factory's zone. */
export function factoryLocalMinute(instant: Date, timeZone: string): string {
  const p = localParts(instant.getTime(), timeZone);
  return `${p.year}/${pad(p.month)}/${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`;
}

/** A meter that stopped reporting, with its last reading in factory-local time. */
export function offlineTexts(node: NodeNames, lastReading: Date, timeZone: string): EventTexts {
  const since = factoryLocalMinute(lastReading, timeZone);
  return {
    titleEn: `Meter offline: ${node.name}`,
    descEn: `${node.name} has sent no reading since ${since}.`,
    titleZh: `電表離線：${node.chName}`,
    descZh: `${node.chName} 自 ${since} 起未傳送任何讀數。`,
  };
}

/** The developer tools' test alarm, naming who raised it. */
export function testAlarmTexts(username: string): EventTexts {
  return {
    titleEn: 'Test alarm',
    descEn: `A test alarm raised by ${username} from the developer tools.`,
    titleZh: '測試警報',
    descZh: `由 ${username} 從開發者工具觸發的測試警報。`,
  };
}
