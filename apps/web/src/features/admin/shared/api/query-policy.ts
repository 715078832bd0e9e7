import { ApiError } from '@/lib/api-errors';
import { shouldRetry } from '@/lib/query-client';

/** Every Admin query and mutation key starts here, so a sign-out or a change can find them. */
export const ADMIN_KEY = 'admin';

/**
 * A refusal (403 for a non-Admin, 400 for bad input, a business answer on
 * HTTP 200) will not change on a retry; everything else follows the app's
 * rule (no retry on 401, otherwise once).
 */
export function retryAdmin(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.httpStatus >= 200 && error.httpStatus < 500) return false;
  return shouldRetry(failureCount, error);
}
