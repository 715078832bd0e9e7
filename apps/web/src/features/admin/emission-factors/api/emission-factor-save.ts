import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminEmissionFactorSave } from '@wattboard/contract';
import type { CallFields } from '@/lib/api-client';
import { callApi } from '@/lib/api-client';
import { adminEmissionFactorsKeyRoot, afterEmissionFactorChange } from './emission-factor-list';

export type EmissionFactorSave = CallFields<typeof adminEmissionFactorSave>;

export function saveEmissionFactor(save: EmissionFactorSave) {
  return callApi(adminEmissionFactorSave, save);
}

/** POST /v1/Admin/EmissionFactor/Save: adds a year's factor or replaces it; CO2 everywhere reads again. */
export function useSaveEmissionFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminEmissionFactorsKeyRoot, 'save'],
    mutationFn: saveEmissionFactor,
    retry: false,
    onSuccess: (answer) => afterEmissionFactorChange(queryClient, answer),
  });
}
