import { describe, expect, it } from 'vitest';
import { demandWarningTexts, nodeDemandWarningTexts } from '../../src/modules/demand/calc/texts.ts';

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
