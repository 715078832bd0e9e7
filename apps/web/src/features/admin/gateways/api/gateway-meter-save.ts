import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminGatewayMeterSave, type AdminGatewayMeterSaveRequest } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { readAgain } from '@/lib/read-again';
import { adminGatewayMetersKeyRoot } from './gateway-meter-list';

export type GatewayMeterSaveFields = Omit<
  AdminGatewayMeterSaveRequest,
  'email' | 'action' | 'token'
>;

export function saveGatewayMeter(fields: GatewayMeterSaveFields) {
  return callApi(adminGatewayMeterSave, fields);
}

/** POST /v1/Admin/Gateway/Meter/Save: adds (meterId null) or changes a meter; the gateway follows. */
export function useSaveGatewayMeter() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminGatewayMetersKeyRoot, 'save'],
    mutationFn: saveGatewayMeter,
    retry: false,
    onSuccess: () => readAgain(queryClient, adminGatewayMetersKeyRoot),
  });
}
