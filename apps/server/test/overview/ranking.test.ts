import { describe, expect, it } from 'vitest';
import { BIG_CONSUMER_PERCENT, rankPoints } from '../../src/modules/overview/calc/ranking.ts';

const node = (id: number) => ({ id, chName: `迴路 ${id}`, name: `Circuit ${id}` });

describe('rankPoints', () => {
  it('orders by kW with shares of the total and marks big consumers at 10 %', () => {
    const demand = new Map([
      [1, 5],
      [2, 90],
      [3, 5],
    ]);
    const ranking = rankPoints([node(1), node(2), node(3)], demand);
    expect(ranking.percentageThreshold).toBe(BIG_CONSUMER_PERCENT);
    expect(ranking.totalKW).toBe(100);
    expect(ranking.rankList.map((row) => [row.id, row.percentage, row.isBigConsumer])).toEqual([
      [2, 90, true],
      [1, 5, false],
      [3, 5, false],
    ]);
  });

  it('counts exactly the threshold as big', () => {
    const ranking = rankPoints(
      [node(1), node(2)],
      new Map([
        [1, 1],
        [2, 9],
      ]),
    );
    expect(ranking.rankList.find((row) => row.id === 1)).toMatchObject({
      percentage: 10,
      isBigConsumer: true,
    });
  });

  it('leaves out nodes without a block, drawing nothing or generating', () => {
    const ranking = rankPoints(
      [node(1), node(2), node(3), node(4)],
      new Map([
        [1, 4],
        [2, 0],
        [3, -3],
      ]),
    );
    expect(ranking.rankList.map((row) => row.id)).toEqual([1]);
    expect(ranking.rankList[0]).toMatchObject({ percentage: 100, isBigConsumer: true });
  });

  it('is empty with a zero total for a silent factory', () => {
    expect(rankPoints([node(1)], new Map())).toEqual({
      percentageThreshold: 10,
      totalKW: 0,
      rankList: [],
    });
  });

  it('honours another threshold', () => {
    const ranking = rankPoints(
      [node(1), node(2)],
      new Map([
        [1, 30],
        [2, 70],
      ]),
      50,
    );
    expect(ranking.rankList.map((row) => row.isBigConsumer)).toEqual([true, false]);
  });
});
