import { useCallback, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { createCoalescer } from '@/lib/coalesce';
import type { Coalescer } from '@/lib/coalesce';
import { useHubEvent } from '@/lib/hub';
import { refreshesOnPush } from '../api/live-refresh';

/**
 * The meters' readings of one minute arrive as a burst of pushes; they become
 * one refetch this long after the first (throttled, never more than one per
 * burst), so a wall screen follows the factory within seconds.
 */
export const OVERVIEW_REFRESH_DELAY_MS = 5000;

/**
 * Returns `push`: something changed (a reading, an alarm); refetches the
 * Overview (and today's chart and comparison) once per burst. Alarm events
 * and refreshed notification lists from the hub push too, so a new or
 * cleared alarm reaches the diary without a reload.
 */
export function useOverviewRefresh(today: string): () => void {
  const queryClient = useQueryClient();
  const todayRef = useRef(today);
  const coalescer = useRef<Coalescer | null>(null);

  useEffect(() => {
    todayRef.current = today;
  }, [today]);

  useEffect(() => {
    const current = createCoalescer(OVERVIEW_REFRESH_DELAY_MS, () => {
      void queryClient.invalidateQueries({
        predicate: (query) => refreshesOnPush(query.queryKey, todayRef.current),
      });
    });
    coalescer.current = current;
    return () => current.cancel();
  }, [queryClient]);

  const push = useCallback(() => coalescer.current?.push(), []);
  useHubEvent('AlertReceived', push);
  useHubEvent('NotificationReceived', push);
  return push;
}
