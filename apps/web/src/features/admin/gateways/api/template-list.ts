import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminTemplateList } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';
import { retryAdmin } from '@/features/admin/shared/api/query-policy';
import { adminGatewaysKeyRoot } from './gateway-list';

export const adminTemplatesKeyRoot = [...adminGatewaysKeyRoot, 'templates'] as const;

export function fetchTemplates() {
  return callApi(adminTemplateList, {});
}

export function templatesQueryOptions(email: string) {
  return queryOptions({
    queryKey: [...adminTemplatesKeyRoot, { email }] as const,
    queryFn: fetchTemplates,
    retry: retryAdmin,
  });
}

/** POST /v1/Admin/Gateway/Template/List: the meter templates this factory defined. */
export function useTemplates() {
  const session = useSession();
  return useQuery(templatesQueryOptions(session?.email ?? ''));
}
