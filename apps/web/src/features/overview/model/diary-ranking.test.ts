import { describe, expect, it } from 'vitest';
import { diaryDescription } from './diary';
import { rankingBars } from './ranking';

describe('diaryDescription', () => {
  const entry = {
    description: 'Demand above 90 % of capacity',
    descriptionZh: '需量超過契約容量 90%',
  };

  it('speaks the page language', () => {
    expect(diaryDescription(entry, 'en')).toBe('Demand above 90 % of capacity');
    expect(diaryDescription(entry, 'zh-TW')).toBe('需量超過契約容量 90%');
  });

  it('falls back to the other language when one is blank', () => {
    expect(diaryDescription({ ...entry, descriptionZh: ' ' }, 'zh')).toBe(entry.description);
  });
});

describe('rankingBars', () => {
  const item = (id: number, valueKW: number, percentage: number) => ({
    id,
    chName: `c${id}`,
    name: `n${id}`,
    valueKW,
    percentage,
    isBigConsumer: percentage >= 10,
  });

  it('scales bars to the largest consumer and keeps the order', () => {
    const bars = rankingBars([item(1, 200, 50), item(2, 100, 25), item(3, 0, 0)]);
    expect(bars.map((bar) => [bar.id, bar.width])).toEqual([
      [1, 100],
      [2, 50],
      [3, 0],
    ]);
  });

  it('draws no bar when everything is idle or generating', () => {
    expect(rankingBars([item(1, 0, 0)])[0]!.width).toBe(0);
    expect(rankingBars([])).toEqual([]);
  });
});
