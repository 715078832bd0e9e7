import { describe, expect, it } from 'vitest';
import {
  breachTexts,
  factoryLocalMinute,
  formatMeasure,
  offlineTexts,
  testAlarmTexts,
} from '../../src/modules/alarms/texts.ts';

const node = { name: 'Air Compressor 1', chName: '空壓機 1' };

describe('formatMeasure', () => {
  it('rounds per target, drops trailing zeros and adds the unit', () => {
    expect(formatMeasure('voltage', 245.349)).toBe('245.3 V');
    expect(formatMeasure('current', 80)).toBe('80 A');
    expect(formatMeasure('power', 12.3456)).toBe('12.35 kW');
    expect(formatMeasure('pf', 0.78049)).toBe('0.78');
    expect(formatMeasure('temperature', 61.04)).toBe('61 °C');
    expect(formatMeasure('frequency', 59.951)).toBe('59.95 Hz');
    expect(formatMeasure('imbalance', 23.456)).toBe('23.5 %');
    expect(formatMeasure('power', -0.001)).toBe('0 kW');
  });
});

describe('breachTexts', () => {
  it('names node, target, value and the high limit in both languages', () => {
    expect(
      breachTexts({ node, target: 'voltage', value: 245.34, limit: 'high', limitValue: 240 }),
    ).toEqual({
      titleEn: 'Voltage alarm: Air Compressor 1',
      descEn: 'Air Compressor 1: voltage 245.3 V is above the high limit 240 V.',
      titleZh: '電壓警報：空壓機 1',
      descZh: '空壓機 1：電壓 245.3 V 高於上限 240 V。',
    });
  });

  it('says "below the low limit" for a low breach, unitless for pf', () => {
    const texts = breachTexts({ node, target: 'pf', value: 0.781, limit: 'low', limitValue: 0.85 });
    expect(texts.titleEn).toBe('Power factor alarm: Air Compressor 1');
    expect(texts.descEn).toBe('Air Compressor 1: power factor 0.781 is below the low limit 0.85.');
    expect(texts.titleZh).toBe('功率因數警報：空壓機 1');
    expect(texts.descZh).toBe('空壓機 1：功率因數 0.781 低於下限 0.85。');
  });
});

describe('offline and test texts', () => {
  it('give the last reading in factory-local time', () => {
    const last = new Date('2026-03-01T06:05:30Z');
    expect(factoryLocalMinute(last, 'Asia/Taipei')).toBe('2026/03/01 14:05');
    expect(factoryLocalMinute(last, 'Europe/Berlin')).toBe('2026/03/01 07:05');
    expect(offlineTexts(node, last, 'Asia/Taipei')).toEqual({
      titleEn: 'Meter offline: Air Compressor 1',
      descEn: 'Air Compressor 1 has sent no reading since 2026/03/01 14:05.',
      titleZh: '電表離線：空壓機 1',
      descZh: '空壓機 1 自 2026/03/01 14:05 起未傳送任何讀數。',
    });
  });

  it('the test alarm names who raised it', () => {
    const texts = testAlarmTexts('demo');
    expect(texts.titleEn).toBe('Test alarm');
    expect(texts.descEn).toContain('demo');
    expect(texts.titleZh).toBe('測試警報');
    expect(texts.descZh).toContain('demo');
  });
});
