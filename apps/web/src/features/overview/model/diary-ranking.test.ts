import { describe, expect, it } from 'vitest';
import { clockTime, dateTime, diaryDescription } from './diary';
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

describe('diary times', () => {
  it("reads instants in the factory's zone", () => {
    expect(clockTime('2026-11-21T06:04:00Z', 'Asia/Taipei')).toBe('14:04');
    expect(dateTime('2026-11-20T16:30:00Z', 'Asia/Taipei')).toBe('2026/11/21 00:30');
    expect(clockTime('2026-11-21T14:04:00+08:00', '+08:00')).toBe('14:04');
  });

  it('shows an unparsable time as sent', () => {
    expect(clockTime('soon', 'Asia/Taipei')).toBe('soon');
  });
});
