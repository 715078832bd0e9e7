import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { adminTariffUpdate, type AdminTariffResponse } from '@wattboard/contract';
import type { CallFields } from '@/lib/api-client';
import { callApi } from '@/lib/api-client';
import { adminTariffKeyRoot } from './tariff-get';
import { readAgain } from '@/lib/read-again';

export type TariffUpdate = CallFields<typeof adminTariffUpdate>;

export function updateTariff(update: TariffUpdate) {
  return callApi(adminTariffUpdate, update);
}

/**
 * Keys of the pages that show cost (features never import each other, so by
 * name): the Overview's cost card, the Monitoring Point's cost, the Report's
 * energy view. A new version re-prices them from its day on.
 */
const PRICED_KEYS = ['overview-cost', 'monitor-cost', 'report-energy'];

/**
 * After a change to one tariff: its answer is shown at once; the other
 * tariffs' are stale (their list of points says who has a tariff of its own)
 * and are read when shown; every cost on screen reads again.
 */
export function afterTariffChange(
  queryClient: QueryClient,
  nodeId: number | null,
  answer: AdminTariffResponse,
) {
  void queryClient.invalidateQueries({ queryKey: adminTariffKeyRoot, refetchType: 'none' });
  queryClient.setQueriesData({ queryKey: [...adminTariffKeyRoot, { nodeId }] }, answer);
  return Promise.all(PRICED_KEYS.map((key) => readAgain(queryClient, [key])));
}

/** POST /v1/Admin/Tariff/Update: saves a version valid from a day; every cost on screen reads again. */
export function useUpdateTariff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminTariffKeyRoot, 'update'],
    mutationFn: updateTariff,
    retry: false,
    onSuccess: (answer, update) =>
      afterTariffChange(
        queryClient,
        update.nodeId === undefined || update.nodeId === null ? null : Number(update.nodeId),
        answer,
      ),
  });
}
