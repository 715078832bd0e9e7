import { useEffect } from 'react';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { userSwitchFactory } from '@wattboard/contract';
import { callApi } from '../api-client';
import { useHubClient, type HubClient } from '../hub';

/** Written on a switch, so the session's other tabs (same token) follow at once. */
export const FACTORY_SWITCH_KEY = 'wattboard:factory-switch';

export function switchFactory(toFactoryId: number) {
  return callApi(userSwitchFactory, { toFactoryId });
}

/**
 * What a switch means for this tab (decision 0089): no answer of the old
 * factory may stay on screen, so every query is reset (cleared, and the
 * shown ones fetched again: `factoryId` 0 is the new factory now), and the
 * live connection, which the server closed, connects again to get the new
 * factory's events.
 */
export async function afterFactorySwitch(
  queryClient: QueryClient,
  hub: HubClient | null,
): Promise<void> {
  await queryClient.cancelQueries();
  if (hub) void hub.stop().then(() => hub.start().catch(() => {}));
  await queryClient.resetQueries();
}

/** POST /v1/User/SwitchFactory, then afterFactorySwitch here and in the session's other tabs. */
export function useSwitchFactory() {
  const queryClient = useQueryClient();
  const hub = useHubClient();
  return useMutation({
    mutationKey: ['switch-factory'],
    mutationFn: switchFactory,
    retry: false,
    onSuccess: async (answer) => {
      localStorage.setItem(FACTORY_SWITCH_KEY, `${answer.factory.factoryId}:${Date.now()}`);
      await afterFactorySwitch(queryClient, hub);
    },
  });
}

/** Another tab of this session switched: this one follows (the `storage` event reaches only others). */
export function useFactorySwitchFromOtherTabs() {
  const queryClient = useQueryClient();
  const hub = useHubClient();
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === FACTORY_SWITCH_KEY) void afterFactorySwitch(queryClient, hub);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [queryClient, hub]);
}
