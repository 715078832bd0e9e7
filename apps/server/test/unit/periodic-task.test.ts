import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { atEachMinute, every, periodicTask } from '../../src/platform/periodic-task.ts';

const log = () => ({ error: vi.fn(), warn: vi.fn() });

/** A run that stays in flight until `finish()` is called. */
function heldRun() {
  let finish: () => void = () => undefined;
  const run = vi.fn(
    () =>
      new Promise<void>((resolve) => {
        finish = resolve;
      }),
  );
  return { run, finish: () => finish() };
}

describe('periodicTask', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-28T10:00:00.000Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs after the first delay, then every interval from the end of the last run', async () => {
    const run = vi.fn(async () => undefined);
    const task = periodicTask({ name: 't', log: log(), run, next: every(1000), firstDelayMs: 50 });
    task.start();
    await vi.advanceTimersByTimeAsync(49);
    expect(run).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(run).toHaveBeenCalledTimes(4);
    await task.stop();
  });

  it('never overlaps runs: a slow run delays the next one', async () => {
    const held = heldRun();
    const task = periodicTask({ name: 't', log: log(), run: held.run, next: every(100) });
    task.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(held.run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(held.run).toHaveBeenCalledTimes(1);
    held.finish();
    await vi.advanceTimersByTimeAsync(99);
    expect(held.run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(held.run).toHaveBeenCalledTimes(2);
    held.finish();
    await task.stop();
  });

  it('logs a failed run with the task name at the chosen level and keeps going', async () => {
    const logger = log();
    const run = vi.fn(async () => {
      throw new Error('broken');
    });
    const task = periodicTask({
      name: 'outbox',
      log: logger,
      run,
      next: every(10),
      failureLevel: 'warn',
    });
    task.start();
    await vi.advanceTimersByTimeAsync(30);
    expect(run).toHaveBeenCalledTimes(3);
    expect(logger.warn).toHaveBeenCalledWith({ err: expect.any(Error) }, 'outbox: run failed');
    expect(logger.error).not.toHaveBeenCalled();
    await task.stop();
  });

  it('wake() brings a run forward but never postpones an earlier one', async () => {
    const run = vi.fn(async () => undefined);
    const task = periodicTask({ name: 't', log: log(), run, next: every(60_000) });
    task.start();
    task.wake(500);
    task.wake(5000); // later than the one due: ignored
    await vi.advanceTimersByTimeAsync(500);
    expect(run).toHaveBeenCalledTimes(1);
    // Back on the regular interval afterwards.
    await vi.advanceTimersByTimeAsync(59_999);
    expect(run).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(run).toHaveBeenCalledTimes(2);
    await task.stop();
  });

  it('a wake() during a run makes the next run follow it', async () => {
    const held = heldRun();
    const task = periodicTask({
      name: 't',
      log: log(),
      run: held.run,
      next: every(60_000),
      firstDelayMs: 0,
    });
    task.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(held.run).toHaveBeenCalledTimes(1);
    task.wake(0);
    expect(held.run).toHaveBeenCalledTimes(1);
    held.finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(held.run).toHaveBeenCalledTimes(2);
    held.finish();
    await task.stop();
  });

  it('does nothing before start() or after stop(), and stop() waits for the run in flight', async () => {
    const held = heldRun();
    const task = periodicTask({ name: 't', log: log(), run: held.run, next: every(100) });
    task.wake(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(held.run).not.toHaveBeenCalled();
    task.start();
    task.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(held.run).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = task.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    held.finish();
    await stopping;
    expect(stopped).toBe(true);
    task.wake(0);
    await vi.advanceTimersByTimeAsync(1000);
    expect(held.run).toHaveBeenCalledTimes(1);
  });

  it('atEachMinute waits for the next minute boundary plus the offset', () => {
    const next = atEachMinute(2000);
    expect(next(Date.parse('2026-11-28T10:00:00.000Z'))).toBe(62_000);
    expect(next(Date.parse('2026-11-28T10:00:59.000Z'))).toBe(3000);
    expect(next(Date.parse('2026-11-28T10:00:30.500Z'))).toBe(31_500);
  });
});
