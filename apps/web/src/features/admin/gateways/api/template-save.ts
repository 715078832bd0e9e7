import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminTemplateSave, type AdminTemplateSaveRequest } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { readAgain } from '@/lib/read-again';
import { adminGatewaysKeyRoot } from './gateway-list';
import { adminTemplatesKeyRoot } from './template-list';

export type TemplateSaveFields = Omit<AdminTemplateSaveRequest, 'email' | 'action' | 'token'>;

export function saveTemplate(fields: TemplateSaveFields) {
  return callApi(adminTemplateSave, fields);
}

/** POST /v1/Admin/Gateway/Template/Save: adds (templateId null) or changes a template. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminTemplatesKeyRoot, 'save'],
    mutationFn: saveTemplate,
    retry: false,
    // The meters dialog offers the factory's templates too.
    onSuccess: () => readAgain(queryClient, adminGatewaysKeyRoot),
  });
}
