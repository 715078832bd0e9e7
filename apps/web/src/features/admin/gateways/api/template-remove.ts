import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminTemplateRemove } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { readAgain } from '@/lib/read-again';
import { adminGatewaysKeyRoot } from './gateway-list';
import { adminTemplatesKeyRoot } from './template-list';

export function removeTemplate(templateId: string) {
  return callApi(adminTemplateRemove, { templateId });
}

/** POST /v1/Admin/Gateway/Template/Remove: refused while a gateway meter uses it. */
export function useRemoveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminTemplatesKeyRoot, 'remove'],
    mutationFn: removeTemplate,
    retry: false,
    onSuccess: () => readAgain(queryClient, adminGatewaysKeyRoot),
  });
}
