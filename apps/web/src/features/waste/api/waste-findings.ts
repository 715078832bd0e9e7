import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { wasteFindings } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { ApiError } from '@/lib/api-errors';
import { useSession } from '@/lib/hooks/use-session';
import { CALLERS_FACTORY } from '@/lib/queries/channel-list';
import { shouldRetry } from '@/lib/query-client';
import { hasCredentials } from '@/lib/session';
import type { WasteRange } from '../model/range';

export const WASTE_FINDINGS_KEY = 'waste-findings';

/**
 * Findings of past days change only when history is imported, and the call
 * reads 70 days of every point's rollups (seconds on PGlite, docs/waste.md):
 * an answer is kept for an hour rather than asked again on every visit.
 */
const KEEP_MS = 60 * 60_000;

export function fetchWasteFindings(range: WasteRange) {
  return callApi(wasteFindings, { factoryId: CALLERS_FACTORY, ...range });
}

/** A refusal (HTTP 400 for a bad range, 200 with another statusCode) will not change on a retry. */
function retryUnlessRefused(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && (error.httpStatus === 200 || error.httpStatus === 400)) {
    return false;
  }
  return shouldRetry(failureCount, error);
}

/** `enabled` lets a caller hold the call back (an invalid range, a card not yet near the screen). */
export function wasteFindingsQueryOptions(email: string, range: WasteRange, enabled = true) {
  return queryOptions({
    queryKey: [WASTE_FINDINGS_KEY, { email, factoryId: CALLERS_FACTORY, ...range }] as const,
    queryFn: () => fetchWasteFindings(range),
    enabled: () => enabled && hasCredentials(),
    retry: retryUnlessRefused,
    // A new range keeps the last table on screen (dimmed) until its answer arrives.
    placeholderData: keepPreviousData,
    staleTime: KEEP_MS,
    gcTime: KEEP_MS,
  });
}

/** POST /v1/Web/Waste/Findings: the factory's waste over the range, most kWh per week first. */
export function useWasteFindings(
  range: WasteRange,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const session = useSession();
  return useQuery(wasteFindingsQueryOptions(session?.email ?? '', range, enabled));
}
