import { afterEach, describe, expect, it, vi } from 'vitest';
import { ancestorTimes } from '../../src/modules/hub/ancestor-pushes.ts';
import { createNodeThrottle } from '../../src/modules/hub/node-throttle.ts';
import type { NormalizedReading } from '../../src/modules/rollups/normalized-reading.ts';

const reading = (nodeId: number, iso: string) =>
  ({ nodeId, ts: new Date(iso) }) as NormalizedReading;

// 1 (virtual root) ─ 2 (virtual area) ─ 3 (meter) ─ 4, 5 (circuits); 6 meter under the root.
const parents = new Map<number, number | null>([
  [1, null],
  [2, 1],
  [3, 2],
  [4, 3],
  [5, 3],
  [6, 1],
]);

describe('ancestorTimes', () => {
  it('gives every ancestor at any depth the newest reading time below it, not the node itself', () => {
    const times = ancestorTimes(
      [
        reading(4, '2026-11-24T01:00:00Z'),
        reading(5, '2026-11-24T01:00:30Z'),
        reading(6, '2026-11-24T01:00:10Z'),
      ],
      parents,
    );
    expect(Object.fromEntries([...times].map(([id, ts]) => [id, ts.toISOString()]))).toEqual({
      1: '2026-11-24T01:00:30.000Z',
      2: '2026-11-24T01:00:30.000Z',
      3: '2026-11-24T01:00:30.000Z',
    });
  });

  it('has nothing for a root, an empty batch or an unknown node, and survives a cycle', () => {
    expect(ancestorTimes([reading(1, '2026-11-24T01:00:00Z')], parents).size).toBe(0);
    expect(ancestorTimes([], parents).size).toBe(0);
    expect(ancestorTimes([reading(99, '2026-11-24T01:00:00Z')], parents).size).toBe(0);
    const cycle = new Map<number, number | null>([
      [7, 8],
      [8, 7],
    ]);
    expect([...ancestorTimes([reading(7, '2026-11-24T01:00:00Z')], cycle).keys()]).toEqual([8]);
  });
});

describe('createNodeThrottle', () => {
  afterEach(() => vi.useRealTimers());

  it('sends the first offer at once, holds the rest of the window and sends the newest at its end', () => {
    vi.useFakeTimers();
    const sent: [number, string][] = [];
    const throttle = createNodeThrottle<string>(1000, (key, value) => sent.push([key, value]));
    throttle.offer(1, 'a');
    throttle.offer(1, 'b');
    throttle.offer(2, 'x');
    throttle.offer(1, 'c');
    expect(sent).toEqual([
      [1, 'a'],
      [2, 'x'],
    ]);
    vi.advanceTimersByTime(999);
    expect(sent).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(sent.at(-1)).toEqual([1, 'c']);
    // The trailing send opened a new window.
    throttle.offer(1, 'd');
    expect(sent).toHaveLength(3);
    vi.advanceTimersByTime(1000);
    expect(sent.at(-1)).toEqual([1, 'd']);
    // A quiet window later, an offer goes out at once again.
    vi.advanceTimersByTime(5000);
    throttle.offer(1, 'e');
    expect(sent.at(-1)).toEqual([1, 'e']);
  });

  it('drops held offers on close', () => {
    vi.useFakeTimers();
    const sent: string[] = [];
    const throttle = createNodeThrottle<string>(1000, (_key, value) => sent.push(value));
    throttle.offer(1, 'a');
    throttle.offer(1, 'b');
    throttle.close();
    vi.advanceTimersByTime(5000);
    expect(sent).toEqual(['a']);
  });
});
