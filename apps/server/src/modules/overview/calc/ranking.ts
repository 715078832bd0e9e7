import { roundMeasure } from '../../monitor/index.ts';

/** A node at or above this share of the total is a big consumer. */
export const BIG_CONSUMER_PERCENT = 10;

export interface RankedNode {
  id: number;
  chName: string;
  name: string;
}

export interface PointRankingFigures {
  percentageThreshold: number;
  totalKW: number;
  rankList: {
    id: number;
    chName: string;
    name: string;
    valueKW: number;
    percentage: number;
    isBigConsumer: boolean;
  }[];
}

/**
 * The point ranking: consumers by the kW of their newest complete
 * 15-minute block, highest first (ties by id). Nodes without a block and
 * nodes drawing nothing or generating (kW ≤ 0, a solar inverter) are not
 * consumers and are left out. `totalKW` is the ranked nodes' sum, so the
 * percentages add up to 100; at or above the threshold is a big consumer.
 */
export function rankPoints(
  nodes: readonly RankedNode[],
  demandKw: ReadonlyMap<number, number>,
  threshold = BIG_CONSUMER_PERCENT,
): PointRankingFigures {
  const consumers = nodes.flatMap((node) => {
    const kw = demandKw.get(node.id);
    return kw !== undefined && kw > 0 ? [{ node, kw }] : [];
  });
  consumers.sort((a, b) => b.kw - a.kw || a.node.id - b.node.id);
  const total = consumers.reduce((sum, entry) => sum + entry.kw, 0);
  return {
    percentageThreshold: threshold,
    totalKW: roundMeasure(total),
    rankList: consumers.map(({ node, kw }) => {
      const percentage = total > 0 ? (kw / total) * 100 : 0;
      return {
        id: node.id,
        chName: node.chName,
        name: node.name,
        valueKW: roundMeasure(kw),
        percentage: roundMeasure(percentage),
        isBigConsumer: percentage >= threshold,
      };
    }),
  };
}
