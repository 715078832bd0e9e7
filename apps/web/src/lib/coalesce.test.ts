import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createCoalescer } from './coalesce';

describe('createCoalescer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('flushes a burst once, the delay after its first push', () => {
    const flush = vi.fn();
    const coalescer = createCoalescer(2000, flush);
    coalescer.push();
    vi.advanceTimersByTime(1500);
    coalescer.push();
    coalescer.push();
    vi.advanceTimersByTime(499);
    expect(flush).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(flush).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10_000);
    expect(flush).toHaveBeenCalledTimes(1);
  });

  it('starts a new burst after a flush', () => {
    const flush = vi.fn();
    const coalescer = createCoalescer(2000, flush);
    coalescer.push();
    vi.advanceTimersByTime(2000);
    coalescer.push();
    vi.advanceTimersByTime(2000);
    expect(flush).toHaveBeenCalledTimes(2);
  });

  it('keeps flushing under a steady stream of pushes (no starvation)', () => {
    const flush = vi.fn();
    const coalescer = createCoalescer(2000, flush);
    for (let ms = 0; ms < 10_000; ms += 500) {
      coalescer.push();
      vi.advanceTimersByTime(500);
    }
    expect(flush).toHaveBeenCalledTimes(5);
  });

  it('drops a pending flush on cancel', () => {
    const flush = vi.fn();
    const coalescer = createCoalescer(2000, flush);
    coalescer.push();
    coalescer.cancel();
    coalescer.cancel(); // harmless twice
    vi.advanceTimersByTime(5000);
    expect(flush).not.toHaveBeenCalled();
  });

  it('runs on the timers it is given', () => {
    const scheduled: (() => void)[] = [];
    const timers = { setTimeout: (cb: () => void) => scheduled.push(cb), clearTimeout: () => {} };
    const flush = vi.fn();
    const coalescer = createCoalescer(2000, flush, timers);
    coalescer.push();
    coalescer.push();
    expect(scheduled).toHaveLength(1);
    scheduled[0]!();
    expect(flush).toHaveBeenCalledOnce();
  });
});
