import { queryOptions, useQuery } from '@tanstack/react-query';
import { emailReceiversGet } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/hooks/use-session';

/** Every e-mail-receiver query of a user; the save invalidates it. */
export const emailReceiversKeyRoot = ['email-receivers'] as const;

export async function fetchEmailReceivers() {
  const response = await callApi(emailReceiversGet, {});
  return response.data;
}

export function emailReceiversQueryOptions(email: string) {
  return queryOptions({
    queryKey: [...emailReceiversKeyRoot, { email }] as const,
    queryFn: fetchEmailReceivers,
  });
}

/** POST /v1/Setting/GetEmailReceivers: who gets the factory's alarm e-mails. */
export function useEmailReceivers() {
  const session = useSession();
  return useQuery(emailReceiversQueryOptions(session?.email ?? ''));
}
