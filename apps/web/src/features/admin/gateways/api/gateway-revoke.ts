import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminGatewayRevoke } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { adminGatewaysKeyRoot } from './gateway-list';
import { readAgain } from '@/lib/read-again';

export function revokeGateway(gatewayId: number) {
  return callApi(adminGatewayRevoke, { gatewayId });
}

/** POST /v1/Admin/Gateway/Revoke: the key stops working at once (HTTP and MQTT). */
export function useRevokeGateway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminGatewaysKeyRoot, 'revoke'],
    mutationFn: revokeGateway,
    retry: false,
    onSuccess: () => readAgain(queryClient, adminGatewaysKeyRoot),
  });
}
