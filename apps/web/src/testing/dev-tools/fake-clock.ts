import { act } from '@testing-library/react';
import { vi } from 'vitest';

// Taken before any test fakes the clock: real I/O (a fetch body) still needs real turns.
const realSetTimeout = globalThis.setTimeout;

/**
 * With `setTimeout` faked, moves the clock on in steps (letting real I/O run
 * between them) until `check` passes: a retry's backoff elapses at once.
 * Check what the user sees: TanStack Query tells its observers on a 0 ms
 * timer, so only the DOM proves every fake timer that mattered has run.
 */
export async function advanceFakeClockUntil(
  check: () => void,
  { stepMs = 250, maxMs = 10_000 } = {},
): Promise<void> {
  for (let elapsed = 0; ; elapsed += stepMs) {
    try {
      check();
      return;
    } catch (error) {
      if (elapsed >= maxMs) throw error;
    }
    await act(() => vi.advanceTimersByTimeAsync(stepMs));
    await new Promise((resolve) => realSetTimeout(resolve, 0));
  }
}
