import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminTariffFollowFactory } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { adminTariffKeyRoot } from './tariff-get';
import { afterTariffChange } from './tariff-update';

export function followFactoryTariff(nodeId: number) {
  return callApi(adminTariffFollowFactory, { nodeId });
}

/**
 * POST /v1/Admin/Tariff/FollowFactory: a billing point's own tariff is
 * deleted and it is priced by the factory's again (decision 0065).
 */
export function useFollowFactoryTariff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminTariffKeyRoot, 'follow-factory'],
    mutationFn: followFactoryTariff,
    retry: false,
    onSuccess: (answer, nodeId) => afterTariffChange(queryClient, nodeId, answer),
  });
}
