import { useCallback, useState } from 'react';
import { useHubState } from '@/lib/hub';

/**
 * Which meters' subscriptions the hub has confirmed. The page is live (no
 * polling) while connected with at least one confirmed: every circuit's
 * reading reaches its meter's subscribers, so one meter already drives the
 * refresh, and the others keep it going if a meter falls silent.
 */
export function useLiveMeters(): { live: boolean; report: (id: number, live: boolean) => void } {
  const state = useHubState();
  const [confirmed, setConfirmed] = useState<ReadonlySet<number>>(() => new Set());
  const report = useCallback((id: number, isLive: boolean) => {
    setConfirmed((previous) => {
      if (previous.has(id) === isLive) return previous;
      const next = new Set(previous);
      if (isLive) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  return { live: state === 'Connected' && confirmed.size > 0, report };
}
