import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEmissionFactorRemove } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { adminEmissionFactorsKeyRoot, afterEmissionFactorChange } from './emission-factor-list';

export function removeEmissionFactor(year: number) {
  return callApi(adminEmissionFactorRemove, { year });
}

/**
 * POST /v1/Admin/EmissionFactor/Remove: the year then uses the one before it;
 * the last entry is refused (EMISSION_FACTOR_MESSAGES.lastEntry).
 */
export function useRemoveEmissionFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminEmissionFactorsKeyRoot, 'remove'],
    mutationFn: removeEmissionFactor,
    retry: false,
    onSuccess: (answer) => afterEmissionFactorChange(queryClient, answer),
  });
}
