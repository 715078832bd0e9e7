import type { QueryClient } from '@tanstack/react-query';
import type { AdminBillingPointsResponse } from '@wattboard/contract';
import { adminFactoryKeyRoot } from '@/features/admin/factory/api/factory-get';
import { readAgain } from '@/lib/read-again';
import { ADMIN_KEY } from '@/features/admin/shared/api/query-policy';
import { adminBillingPointsKeyRoot } from './billing-point-list';
import { scope2KeyRoot } from '@/features/admin/scope2/api/scope2';

/**
 * Keys of the Overview by name (features never import each other): its cost
 * card bills every point, and its day and month kWh sum them.
 */
const OVERVIEW_KEYS = ['overview-cost', 'overview'];

/**
 * Admin › Bills prices each bill with its point's current terms and the
 * advice uses the point's contract and reading day; by name, because the Bills
 * section already reads this section's list (an import back would be a cycle).
 */
const BILL_KEYS = [
  [ADMIN_KEY, 'bills'],
  [ADMIN_KEY, 'capacity-advice'],
];

/**
 * After a save or a removal: the answer is the new list; the main point's
 * capacity is also the factory's, so the Factory section reads again, and so
 * do the Overview's figures and Admin › Bills, which the points' terms and
 * coverage change. Scope 2 reads again too: it reports per billing point.
 */
export function refreshAfterBillingChange(
  queryClient: QueryClient,
  answer: AdminBillingPointsResponse,
) {
  queryClient.setQueriesData({ queryKey: adminBillingPointsKeyRoot }, answer);
  return Promise.all([
    readAgain(queryClient, adminFactoryKeyRoot),
    ...OVERVIEW_KEYS.map((key) => readAgain(queryClient, [key])),
    ...BILL_KEYS.map((key) => readAgain(queryClient, key)),
    readAgain(queryClient, scope2KeyRoot),
  ]);
}
