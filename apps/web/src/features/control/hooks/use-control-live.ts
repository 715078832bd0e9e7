import { useQueryClient } from '@tanstack/react-query';
import { useHubEvent, useHubState } from '@/lib/hub';
import { refreshesOnControlChange } from '../model/live-refresh';

/**
 * The page follows ControlChanged pushes (a person in another browser, a
 * device confirming or missing a command): the group list and the named
 * channels' schedules refetch at once. Returns whether pushes arrive, so the
 * list polls only while they do not.
 */
export function useControlLive(): boolean {
  const queryClient = useQueryClient();
  useHubEvent('ControlChanged', (payload) => {
    void queryClient.invalidateQueries({
      predicate: (query) => refreshesOnControlChange(query.queryKey, payload),
    });
  });
  return useHubState() === 'Connected';
}
