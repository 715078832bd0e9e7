import type { QueryClient } from '@tanstack/react-query';
import type { AdminBillingPointsResponse } from '@wattboard/contract';
import { adminFactoryKeyRoot } from '@/features/admin/factory/api/factory-get';
import { readAgain } from '@/lib/read-again';
import { adminBillingPointsKeyRoot } from './billing-point-list';

/**
 * Keys of the Overview by name (features never import each other): its cost
 * card bills every point, and its day and month kWh sum them.
 */
const OVERVIEW_KEYS = ['overview-cost', 'overview'];

/**
 * After a save or a removal: the answer is the new list; the main point's
 * capacity is also the factory's, so the Factory section reads again, and so
 * do the Overview's figures, which the points' terms and coverage change.
 */
export function refreshAfterBillingChange(
  queryClient: QueryClient,
  answer: AdminBillingPointsResponse,
) {
  queryClient.setQueriesData({ queryKey: adminBillingPointsKeyRoot }, answer);
  return Promise.all([
    readAgain(queryClient, adminFactoryKeyRoot),
    ...OVERVIEW_KEYS.map((key) => readAgain(queryClient, [key])),
  ]);
}
