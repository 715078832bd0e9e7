import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint } from './after-first-paint';

/** A browser's paint observer, reduced to what afterFirstPaint uses; `paint` reports an entry. */
function stubPaintObserver() {
  const observers: ((names: string[]) => void)[] = [];
  class FakeObserver {
    static supportedEntryTypes = ['paint'];
    private active = true;
    private readonly callback: PerformanceObserverCallback;
    constructor(callback: PerformanceObserverCallback) {
      this.callback = callback;
    }
    observe() {
      observers.push((names) => {
        if (!this.active) return;
        const list = {
          getEntriesByName: (name: string) => names.filter((n) => n === name),
        } as unknown as PerformanceObserverEntryList;
        this.callback(list, this as unknown as PerformanceObserver);
      });
    }
    disconnect() {
      this.active = false;
    }
  }
  vi.stubGlobal('PerformanceObserver', FakeObserver);
  return { paint: (name: string) => observers.forEach((notify) => notify([name])) };
}

describe('afterFirstPaint', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the first contentful paint, then for the browser to be idle', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const { paint } = stubPaintObserver();
    const work = vi.fn();
    afterFirstPaint(work);
    paint('first-paint');
    vi.advanceTimersByTime(100);
    expect(work).not.toHaveBeenCalled();
    paint('first-contentful-paint');
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(50);
    expect(work).toHaveBeenCalledTimes(1);
    paint('first-contentful-paint');
    vi.advanceTimersByTime(5000);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs after the latest time when no paint is reported (a background tab)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    stubPaintObserver();
    const work = vi.fn();
    afterFirstPaint(work, 3000);
    vi.advanceTimersByTime(2999);
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(51);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('waits two frames where the browser has no paint entries', () => {
    vi.useFakeTimers();
    vi.stubGlobal('PerformanceObserver', undefined);
    vi.stubGlobal('requestIdleCallback', undefined);
    const frames: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) =>
      frames.push(callback),
    );
    vi.stubGlobal('cancelAnimationFrame', () => {});
    const work = vi.fn();
    afterFirstPaint(work);
    frames.shift()!(0);
    vi.advanceTimersByTime(50);
    expect(work).not.toHaveBeenCalled();
    frames.shift()!(16);
    vi.advanceTimersByTime(50);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('does nothing once cancelled (the form left the screen)', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const { paint } = stubPaintObserver();
    const work = vi.fn();
    const cancel = afterFirstPaint(work);
    cancel();
    paint('first-contentful-paint');
    vi.advanceTimersByTime(5000);
    expect(work).not.toHaveBeenCalled();
  });
});
