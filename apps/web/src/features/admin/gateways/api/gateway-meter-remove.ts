import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminGatewayMeterRemove } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { readAgain } from '@/lib/read-again';
import { adminGatewayMetersKeyRoot } from './gateway-meter-list';

export function removeGatewayMeter(fields: { gatewayId: number; meterId: number }) {
  return callApi(adminGatewayMeterRemove, fields);
}

/** POST /v1/Admin/Gateway/Meter/Remove: the gateway stops polling it at its next pull. */
export function useRemoveGatewayMeter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminGatewayMetersKeyRoot, 'remove'],
    mutationFn: removeGatewayMeter,
    retry: false,
    onSuccess: () => readAgain(queryClient, adminGatewayMetersKeyRoot),
  });
}
