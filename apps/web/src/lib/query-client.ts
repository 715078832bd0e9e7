import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ContractError, isPasswordChangeRequired, isUnauthorized } from './api-errors';
import { userAccountKeyRoot } from './queries/user-account';
import { roleRefusal } from './roles';
import { hasCredentials } from './session';

/** No retry on 401, nor while a one-time password must be replaced, nor for a role refusal; otherwise once. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isUnauthorized(error) || isPasswordChangeRequired(error) || roleRefusal(error)) return false;
  return failureCount < 1;
}

/** Contract failures reach the error fallback screen; other errors do not. */
export function shouldThrowToBoundary(error: unknown): boolean {
  return error instanceof ContractError;
}

/** Other errors are logged only; every query error passes through here. */
export function reportQueryError(error: unknown): void {
  if (isUnauthorized(error)) return; // the session is being cleared and the page reloads
  if (isPasswordChangeRequired(error)) return; // the forced-change screen takes over
  console.warn('Wattboard request failed:', error);
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: reportQueryError }),
    mutationCache: new MutationCache({
      onError: (error) => {
        reportQueryError(error);
        // The role changed while the page was open: read it again, so the page holds back
        // what the server now refuses (hooks/use-permission) and says why.
        if (roleRefusal(error)) void client.invalidateQueries({ queryKey: userAccountKeyRoot });
      },
    }),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        throwOnError: shouldThrowToBoundary,
        // Queries run only when both e-mail and token exist.
        enabled: () => hasCredentials(),
      },
      mutations: {
        retry: shouldRetry,
        throwOnError: shouldThrowToBoundary,
      },
    },
  });
  return client;
}
