import type { DemandStatus } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { DEMAND_STATUS_KEY } from '@/lib/queries/demand-status';
import { refreshesOnPush } from '../api/live-refresh';
import { predictionLine, STALE_MS } from './demand-prediction';

const NOW = Date.parse('2026-07-15T06:10:30Z');

function status(predictedKw: number | null, targetKw: number | null, age = 30_000): DemandStatus {
  return {
    contractCapacityKw: targetKw === null ? null : targetKw / 0.95,
    targetKw,
    autoShed: true,
    prediction:
      predictedKw === null
        ? null
        : {
            blockStart: '2026-07-15T06:00:00.000Z',
            predictedKw,
            energySoFarKwh: 120,
            recentKw: predictedKw,
            computedAt: new Date(NOW - age).toISOString(),
          },
    channels: [],
    nodes: [],
  };
}

describe('predictionLine', () => {
  it('is over only strictly above the target', () => {
    expect(predictionLine(status(800, 760), NOW)).toEqual({
      predictedKw: 800,
      targetKw: 760,
      state: 'over',
    });
    expect(predictionLine(status(760, 760), NOW).state).toBe('under');
    expect(predictionLine(status(0, 760), NOW).state).toBe('under');
  });

  it('has no state without a prediction, a target or data', () => {
    expect(predictionLine(status(null, 760), NOW)).toEqual({
      predictedKw: null,
      targetKw: 760,
      state: 'none',
    });
    expect(predictionLine(status(900, null), NOW)).toEqual({
      predictedKw: 900,
      targetKw: null,
      state: 'none',
    });
    expect(predictionLine(undefined, NOW)).toEqual({
      predictedKw: null,
      targetKw: null,
      state: 'none',
    });
  });

  it('drops a prediction older than three minutes (the server stopped predicting)', () => {
    expect(predictionLine(status(800, 760, STALE_MS), NOW).predictedKw).toBe(800);
    expect(predictionLine(status(800, 760, STALE_MS + 1), NOW)).toMatchObject({
      predictedKw: null,
      state: 'none',
    });
  });

  it('is refreshed by the page’s pushes', () => {
    expect(refreshesOnPush([DEMAND_STATUS_KEY, { email: 'a', factoryId: 0 }], '2026-07-15')).toBe(
      true,
    );
  });
});
