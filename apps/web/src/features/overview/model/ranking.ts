import type { z } from 'zod';
import type { pointRanking } from '@wattboard/contract';

type RankItem = z.infer<typeof pointRanking>['rankList'][number];

export interface RankingBar extends RankItem {
  /** Bar length relative to the biggest consumer (0–100), so the list reads at a glance. */
  width: number;
}

/** Bars in the server's order (highest first), scaled to the largest kW. */
export function rankingBars(items: readonly RankItem[]): RankingBar[] {
  const largest = Math.max(0, ...items.map((item) => item.valueKW));
  return items.map((item) => ({
    ...item,
    width: largest > 0 ? Math.max(0, (item.valueKW / largest) * 100) : 0,
  }));
}
