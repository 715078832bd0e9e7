import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminFactoryUpdate } from '@wattboard/contract';
import type { CallFields } from '@/lib/api-client';
import { callApi } from '@/lib/api-client';
import { adminFactoryKeyRoot } from './factory-get';
import { adminJobsKeyRoot } from '@/features/admin/shared/api/job-list';
import { adminEmissionFactorsKeyRoot } from '@/features/admin/emission-factors/api/emission-factor-list';
import { scope2KeyRoot } from '@/features/admin/scope2/api/scope2';
import { readAgain } from '@/lib/read-again';

export type FactoryUpdate = CallFields<typeof adminFactoryUpdate>;

export function updateFactory(update: FactoryUpdate) {
  return callApi(adminFactoryUpdate, update);
}

/**
 * POST /v1/Admin/Factory/Update. Everything that shows the factory's zone,
 * capacity or CO2 (the clock, Overview) reads again; a new CO2 factor is this
 * year's entry in the factors by year, which read again too, and so does the
 * Scope 2 report (its months are factory-local and use that factor). A zone change
 * starts a recomputation whose progress the jobs list shows.
 */
export function useUpdateFactory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminFactoryKeyRoot, 'update'],
    mutationFn: updateFactory,
    retry: false,
    onSuccess: (answer) => {
      queryClient.setQueriesData({ queryKey: adminFactoryKeyRoot }, answer);
      return Promise.all([
        readAgain(queryClient, adminJobsKeyRoot),
        readAgain(queryClient, adminEmissionFactorsKeyRoot),
        readAgain(queryClient, scope2KeyRoot),
        readAgain(queryClient, ['channel-list']),
        readAgain(queryClient, ['overview']),
      ]);
    },
  });
}
