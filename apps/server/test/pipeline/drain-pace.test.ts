import { describe, expect, it } from 'vitest';
import { drainDelay, LAG_TARGET_MS, QUIET_MS } from '../../src/modules/rollups/drain-pace.ts';
import { MAX_LAG_MS } from '../../src/modules/rollups/store-readings.ts';

describe('drainDelay: a debounce with a deadline', () => {
  it('drains a lone batch once nothing more came for QUIET_MS', () => {
    expect(drainDelay(1_000, 1_000, 1_000)).toBe(QUIET_MS);
    expect(drainDelay(1_005, 1_000, 1_000)).toBe(QUIET_MS - 5);
    expect(drainDelay(1_000 + QUIET_MS, 1_000, 1_000)).toBe(0);
  });

  it('waits while batches keep coming, restarting the quiet time with each', () => {
    // Oldest stored at 1,000, newest at 1,200: quiet from 1,220 on.
    expect(drainDelay(1_201, 1_200, 1_000)).toBe(QUIET_MS - 1);
  });

  it('drains by the deadline however busy the stream', () => {
    const oldest = 1_000;
    const newest = oldest + LAG_TARGET_MS - 2; // still streaming just before the deadline
    expect(drainDelay(newest, newest, oldest)).toBe(2);
    expect(drainDelay(oldest + LAG_TARGET_MS, oldest + LAG_TARGET_MS, oldest)).toBe(0);
    expect(drainDelay(oldest + 5 * LAG_TARGET_MS, oldest + 5 * LAG_TARGET_MS, oldest)).toBe(0);
  });

  it('waits QUIET_MS when this process waits on no batch (leftovers after a restart)', () => {
    expect(drainDelay(5_000, null, null)).toBe(QUIET_MS);
  });

  it("keeps the deadline below the writers' back-pressure threshold", () => {
    expect(LAG_TARGET_MS).toBeLessThan(MAX_LAG_MS);
    expect(QUIET_MS).toBeLessThan(LAG_TARGET_MS);
  });
});
