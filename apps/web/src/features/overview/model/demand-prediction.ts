import type { DemandStatus } from '@wattboard/contract';

/** Three missed minutes of prediction. */
export const STALE_MS = 3 * 60_000;

export type PredictionState = 'none' | 'under' | 'over';

export interface PredictionLine {
  predictedKw: number | null;
  targetKw: number | null;
  state: PredictionState;
}

/**
 * This quarter hour's prediction against the target, for the Overview's demand
 * card. The server predicts every minute; one older than STALE_MS (no readings
 * for a while, the server stopped) is not this quarter hour's, so it shows as
 * none. Judged by its age rather than by the block, so a browser clock a little
 * off does not hide it.
 */
export function predictionLine(status: DemandStatus | undefined, now: number): PredictionLine {
  const targetKw = status?.targetKw ?? null;
  const p = status?.prediction ?? null;
  const current = p !== null && now - Date.parse(p.computedAt) <= STALE_MS;
  const predictedKw = current ? p.predictedKw : null;
  if (predictedKw === null || targetKw === null) return { predictedKw, targetKw, state: 'none' };
  return { predictedKw, targetKw, state: predictedKw > targetKw ? 'over' : 'under' };
}
