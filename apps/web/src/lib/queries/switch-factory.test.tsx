import { QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse, stubNetwork } from '@/testing/network';
import { storeSession } from '@/testing/session';
import { FACTORY_SWITCH_KEY, useFactorySwitchFromOtherTabs } from './switch-factory';

function Page() {
  useFactorySwitchFromOtherTabs();
  const { data } = useQuery({
    queryKey: ['figure'],
    queryFn: async () => ((await (await fetch('/figure')).json()) as { kwh: number }).kwh,
    staleTime: Infinity,
  });
  return <p data-testid="figure">{data ?? 'loading'}</p>;
}

describe('a switch in another tab of the session', () => {
  it("drops this tab's answers and reads them again (factoryId 0 is the new factory)", async () => {
    storeSession();
    let factory = 1;
    stubNetwork(() => jsonResponse({ kwh: factory === 1 ? 111 : 222 }));
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Page />
      </QueryClientProvider>,
    );
    await screen.findByText('111');
    factory = 2;
    // Another key changing is not a switch.
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'i18nextLng', newValue: 'zh' }));
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('figure')).toHaveTextContent('111');
    act(() => {
      window.dispatchEvent(
        new StorageEvent('storage', { key: FACTORY_SWITCH_KEY, newValue: `2:${Date.now()}` }),
      );
    });
    await screen.findByText('222');
  });
});
