import { HISTORY_REFUSAL_KINDS } from '@wattboard/contract';
import type { HistoryRefusal } from '@wattboard/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { byteSize, refusalText } from './refusal-text';

const refusal = (fields: Partial<HistoryRefusal>): HistoryRefusal => ({
  row: 3,
  column: 'kWh',
  kind: 'badNumber',
  value: 'abc',
  reason: 'kWh is not a number: "abc"',
  ...fields,
});

describe('refusalText', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('names the row, the column and the kind with the cell', () => {
    const t = i18n.getFixedT('en');
    expect(refusalText(t, refusal({}))).toBe('Row 3, column kWh: not a number (abc)');
    expect(refusalText(t, refusal({ column: null, kind: 'future', value: null }))).toBe(
      'Row 3: in the future',
    );
  });

  it('tells every kind in 中文, never the English reason', async () => {
    await i18n.changeLanguage('zh');
    const t = i18n.getFixedT('zh');
    expect(refusalText(t, refusal({}))).toBe('第 3 列「kWh」欄：不是數字（abc）');
    for (const kind of HISTORY_REFUSAL_KINDS) {
      const text = refusalText(t, refusal({ kind, value: null, column: null }));
      expect(text).not.toMatch(/[a-z]{3}/);
      expect(text).not.toContain('refusal');
    }
  });
});

describe('byteSize', () => {
  it('uses B, kB and MB', () => {
    expect(byteSize(512, 'en')).toBe('512 B');
    expect(byteSize(34_500, 'en')).toBe('35 kB');
    expect(byteSize(104_857_600, 'en')).toBe('104.9 MB');
  });
});
