import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ContractError, isPasswordChangeRequired, isUnauthorized } from './api-errors';
import { hasCredentials } from './session';

/** No retry on 401 (nor while a one-time password must be replaced), otherwise once. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return !isUnauthorized(error) && !isPasswordChangeRequired(error) && failureCount < 1;
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
  return new QueryClient({
    queryCache: new QueryCache({ onError: reportQueryError }),
    mutationCache: new MutationCache({ onError: reportQueryError }),
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
}
