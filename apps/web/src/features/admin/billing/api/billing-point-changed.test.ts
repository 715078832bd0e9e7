import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterBillingChange } from './billing-point-changed';
import { adminBillingPointsKeyRoot } from './billing-point-list';

describe('refreshAfterBillingChange', () => {
  it("stores the new list and reads the factory's the Overview's and Admin › Bills' figures again", async () => {
    const client = new QueryClient();
    const keys = [
      ['admin', 'factory', { email: 'a@b.c' }],
      ['overview-cost', { email: 'a@b.c', factoryId: 0 }],
      ['overview', 'summary'],
      ['admin', 'bills', { email: 'a@b.c' }],
      ['admin', 'capacity-advice', { email: 'a@b.c', nodeId: 4 }],
      ['admin', 'users'],
    ];
    for (const key of keys) client.setQueryData(key, { old: true });
    client.setQueryData([...adminBillingPointsKeyRoot, { email: 'a@b.c' }], { old: true });
    const answer = {
      billingPoints: [],
      uncovered: [{ nodeId: 4, chName: '宿舍', name: 'Dormitory' }],
    };
    await refreshAfterBillingChange(client, answer as never);
    expect(client.getQueryData([...adminBillingPointsKeyRoot, { email: 'a@b.c' }])).toEqual(answer);
    expect(keys.map((key) => client.getQueryState(key)?.isInvalidated)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
    ]);
  });
});
