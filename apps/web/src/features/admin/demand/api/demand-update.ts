import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminDemandUpdate } from '@wattboard/contract';
import type { CallFields } from '@/lib/api-client';
import { callApi } from '@/lib/api-client';
import { adminDemandKeyRoot } from './demand-get';
import { DEMAND_STATUS_KEY } from '@/lib/queries/demand-status';
import { readAgain } from '@/lib/read-again';

export type DemandUpdate = CallFields<typeof adminDemandUpdate>;

export function updateDemand(update: DemandUpdate) {
  return callApi(adminDemandUpdate, update);
}

/** POST /v1/Admin/Demand/Update; the demand status (Overview, Control) reads again. */
export function useUpdateDemand() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminDemandKeyRoot, 'update'],
    mutationFn: updateDemand,
    retry: false,
    onSuccess: () =>
      Promise.all([
        readAgain(queryClient, adminDemandKeyRoot),
        readAgain(queryClient, [DEMAND_STATUS_KEY]),
      ]),
  });
}
