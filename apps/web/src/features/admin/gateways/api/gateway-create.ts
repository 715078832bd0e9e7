import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminGatewayCreate } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { adminGatewaysKeyRoot } from './gateway-list';
import { readAgain } from '@/lib/read-again';

export function createGateway(name: string) {
  return callApi(adminGatewayCreate, { name });
}

/** POST /v1/Admin/Gateway/Create: the key and the ready-to-paste command, shown once. */
export function useCreateGateway() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminGatewaysKeyRoot, 'create'],
    mutationFn: createGateway,
    retry: false,
    onSuccess: () => readAgain(queryClient, adminGatewaysKeyRoot),
  });
}
