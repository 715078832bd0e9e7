import { useMutation } from '@tanstack/react-query';
import { adminTemplateReadNow, type AdminTemplateReadNowRequest } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { adminTemplatesKeyRoot } from './template-list';

export type ReadNowFields = Omit<AdminTemplateReadNowRequest, 'email' | 'action' | 'token'>;

export function readNow(fields: ReadNowFields) {
  return callApi(adminTemplateReadNow, fields);
}

/**
 * POST /v1/Admin/Gateway/Template/ReadNow: the gateway reads the meter once with the draft and
 * answers the decoded values or the Modbus error within a few seconds. Changes nothing.
 */
export function useReadNow() {
  return useMutation({
    mutationKey: [...adminTemplatesKeyRoot, 'readNow'],
    mutationFn: readNow,
    retry: false,
  });
}
