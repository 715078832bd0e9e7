import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { channelListQueryOptions } from '@/lib/queries/channel-list';
import { channelListBody } from '@/testing/network';
import { storeSession } from '@/testing/session';
import { CLOCK_TICK_MS, FactoryClock } from './FactoryClock';

afterEach(() => {
  vi.useRealTimers();
});

function renderClockWith(response: ReturnType<typeof channelListBody>) {
  const session = storeSession();
  const queryClient = createQueryClient();
  const { queryKey } = channelListQueryOptions(session.email);
  queryClient.setQueryData(queryKey, {
    ...response,
    channelList: [],
    receivedAt: Date.now(),
  } as never);
  render(
    <QueryClientProvider client={queryClient}>
      <FactoryClock />
    </QueryClientProvider>,
  );
}

describe('FactoryClock', () => {
  it('ticks in the factory zone, whatever this PC believes the time is', () => {
    // This PC's clock says 03:00 UTC, a day off; the factory said 23:59:58 in Taipei.
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-01-01T03:00:00Z'));
    renderClockWith(channelListBody({ dtNowFactory: '2026-11-21T23:59:58+08:00' }));

    expect(screen.getByTestId('factory-clock-time')).toHaveTextContent('23:59:58');
    expect(screen.getByTestId('factory-clock-date')).toHaveTextContent('21 Nov 2026');

    act(() => vi.advanceTimersByTime(CLOCK_TICK_MS * 4));
    expect(screen.getByTestId('factory-clock-time')).toHaveTextContent('00:00:00');
    expect(screen.getByTestId('factory-clock-date')).toHaveTextContent('22 Nov 2026');
  });

  it('uses the fixed offset of dtNowFactory when no zone name is sent', () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    vi.setSystemTime(new Date('2026-06-01T12:00:00Z'));
    renderClockWith(
      channelListBody({ dtNowFactory: '2026-06-01T08:00:00-04:00', timeZone: undefined }),
    );
    expect(screen.getByTestId('factory-clock-time')).toHaveTextContent('08:00:00');
    act(() => vi.advanceTimersByTime(CLOCK_TICK_MS * 3));
    expect(screen.getByTestId('factory-clock-time')).toHaveTextContent('08:00:01');
  });
});
