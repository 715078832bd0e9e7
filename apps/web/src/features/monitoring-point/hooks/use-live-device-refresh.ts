import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDeviceSubscription } from '@/lib/hub';
import { refreshesOnReading } from '../api/live-refresh';
import { createCoalescer } from '@/lib/coalesce';
import type { Coalescer } from '@/lib/coalesce';

/**
 * A burst of pushes (a meter's circuits, a virtual node's children, all in
 * the same minute) becomes one refetch this long after its first reading.
 */
export const LIVE_REFRESH_DELAY_MS = 2000;

/**
 * Readings come every minute and the hub pushes every node (virtual ones
 * too) within seconds of them; this long without a push after the
 * confirmation or the last push, the page stops calling itself live and polls.
 */
export const LIVE_SILENCE_MS = 90_000;

/**
 * Subscribes to the node's DeviceReading pushes and refetches what a reading
 * changes. A push says only "new data for this node"; every figure on the
 * page (latest phases, demand, energy, the heatmap, the chart, alarm states)
 * comes from the refetch, so they always agree with each other. At most one
 * refetch per LIVE_REFRESH_DELAY_MS however many pushes arrive. `live` is true
 * while the subscription is confirmed and pushes keep coming (LIVE_SILENCE_MS);
 * the queries poll only while it is false.
 */
export function useLiveDeviceRefresh(deviceId: number, today: string): { live: boolean } {
  const queryClient = useQueryClient();
  const todayRef = useRef(today);
  const coalescer = useRef<Coalescer | null>(null);

  useEffect(() => {
    todayRef.current = today;
  }, [today]);

  useEffect(() => {
    const current = createCoalescer(LIVE_REFRESH_DELAY_MS, () => {
      void queryClient.invalidateQueries({
        predicate: (query) => refreshesOnReading(query.queryKey, deviceId, todayRef.current),
      });
    });
    coalescer.current = current;
    // Another node or leaving the page: a pending refresh of this node is moot.
    return () => current.cancel();
  }, [deviceId, queryClient]);

  return useDeviceSubscription(deviceId > 0 ? deviceId : null, () => coalescer.current?.push(), {
    freshForMs: LIVE_SILENCE_MS,
  });
}
