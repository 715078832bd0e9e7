import { useMemo } from 'react';

/**
 * The same result object while what a card shows is unchanged: useQuery hands
 * out a new tracking proxy on every render, which useDeferredValue would take
 * for a new value each time (a needless second pass on every render).
 */
export function useSettledResult<
  T extends { data: unknown; error: unknown; status: string; fetchStatus: string },
>(result: T): T {
  const { data, error, status, fetchStatus } = result;
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on what the cards read, not the proxy
  return useMemo(() => result, [data, error, status, fetchStatus]);
}
