import { describe, expect, it } from 'vitest';
import { stillNews } from '../../src/modules/ingest/feed-horizon.ts';
import type { NormalizedReading } from '../../src/modules/rollups/normalized-reading.ts';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const reading = (minutesAgo: number): NormalizedReading => ({
  nodeId: 1,
  ts: new Date(NOW - minutesAgo * 60_000),
  phases: {},
  kw: 1,
  kwhForward: 1,
  kwhReverse: null,
  frequency: null,
  temperature: null,
});

describe('stillNews', () => {
  it('keeps readings up to the horizon, the one exactly on it included', () => {
    const batch = [reading(20), reading(15), reading(14.99), reading(0)];
    expect(stillNews(batch, NOW, 15 * 60_000).map((r) => r.ts.getTime())).toEqual([
      NOW - 15 * 60_000,
      NOW - 14.99 * 60_000,
      NOW,
    ]);
  });
  it('drops a whole upload of history', () => {
    expect(stillNews([reading(120), reading(90 * 1440)], NOW, 15 * 60_000)).toEqual([]);
  });
  it('keeps everything for a listener that looks at every reading, as the same array', () => {
    const batch = [reading(90 * 1440), reading(1)];
    expect(stillNews(batch, NOW, Number.POSITIVE_INFINITY)).toBe(batch);
    expect(stillNews(batch, NOW, 100 * 1440 * 60_000)).toBe(batch);
  });
  it('keeps a reading stamped a little ahead of the server clock', () => {
    expect(stillNews([reading(-0.5)], NOW, 5 * 60_000)).toHaveLength(1);
  });
});
