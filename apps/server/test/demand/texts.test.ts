import { describe, expect, it } from 'vitest';
import { demandWarningTexts, nodeDemandWarningTexts } from '../../src/modules/demand/calc/texts.ts';
import type { WarningPlan } from '../../src/modules/demand/calc/warning-plan.ts';

describe('demand warning texts', () => {
  it('names the node, its capacity and target in both languages', () => {
    const texts = nodeDemandWarningTexts('Chiller Plant', 190, 171, 180);
    expect(texts.titleEn).toBe(demandWarningTexts(1, 1, 1).titleEn);
    expect(texts.descEn).toBe(
      'Chiller Plant: the 15-minute demand is predicted at 190.0 kW (106% of its capacity 180.0 kW), over the target 171.0 kW.',
    );
    expect(texts.titleZh).toBe('預測需量超過目標');
    expect(texts.descZh).toContain(
      'Chiller Plant：本 15 分鐘需量預測為 190.0 kW（容量 180.0 kW 的 106%）',
    );
  });
});

describe('the warning with its plan (issue #28)', () => {
  const plan = (
    shedding: WarningPlan['shedding'],
    reductionKw: number | null = 31.67,
  ): WarningPlan => ({
    minutesLeft: 9,
    reductionKw,
    shedding,
  });
  const channels = (count: number): WarningPlan['shedding'] => ({
    kind: 'channels',
    channels: Array.from({ length: count }, (_, i) => ({
      name: `Compressor ${i + 1}`,
      chName: `空壓機${i + 1}`,
      loadKw: i === 1 ? null : 12,
    })),
    coversKw: 12 * (count - 1),
  });

  it('says the minutes left, the kW to take off now and the channels shedding switches off', () => {
    const texts = demandWarningTexts(190, 171, 180, plan(channels(2)));
    expect(texts.descEn).toBe(
      'The 15-minute demand is predicted at 190.0 kW (106% of the contract capacity 180.0 kW), ' +
        'over the target 171.0 kW. 9 minutes left in this block: take about 31.7 kW off now to ' +
        'end it at the target. Automatic shedding switches off, one a minute: Compressor 1 ' +
        '(12.0 kW), Compressor 2 (?), 12.0 kW in all.',
    );
    expect(texts.descZh).toBe(
      '本 15 分鐘需量預測為 190.0 kW（契約容量 180.0 kW 的 106%），超過目標 171.0 kW。' +
        '本時段尚餘 9 分鐘：需立即減少約 31.7 kW，才能在目標內結束。' +
        '自動卸載將每分鐘關閉一個迴路：空壓機1（12.0 kW）、空壓機2（?），共 12.0 kW。',
    );
  });

  it('names three channels and counts the rest', () => {
    const texts = demandWarningTexts(190, 171, 180, plan(channels(5)));
    expect(texts.descEn).toContain('Compressor 3 (12.0 kW) and 2 more, 48.0 kW in all.');
    expect(texts.descZh).toContain('空壓機3（12.0 kW） 等 5 個，共 48.0 kW。');
  });

  it('says when shedding is off or has nothing left, and when the block is nearly over', () => {
    expect(demandWarningTexts(190, 171, 180, plan({ kind: 'off' })).descEn).toContain(
      'Automatic shedding is off: switch loads off by hand.',
    );
    expect(demandWarningTexts(190, 171, 180, plan({ kind: 'nothing-left' })).descZh).toContain(
      '自動卸載已無可關閉的迴路。',
    );
    const late = demandWarningTexts(190, 171, 180, plan({ kind: 'off' }, null));
    expect(late.descEn).toContain(
      'over the target 171.0 kW. Less than a minute is left in this block.',
    );
    expect(late.descZh).toContain('本時段剩餘不到 1 分鐘。');
  });

  it('gives a node the minutes left and the kW, and never a word on shedding', () => {
    const texts = nodeDemandWarningTexts('Chiller Plant', 190, 171, 180, plan({ kind: 'off' }));
    expect(texts.descEn).toMatch(
      /over the target 171\.0 kW\. 9 minutes left in this block: take about 31\.7 kW off now to end it at the target\.$/,
    );
    expect(texts.descZh).not.toContain('卸載');
  });
});
