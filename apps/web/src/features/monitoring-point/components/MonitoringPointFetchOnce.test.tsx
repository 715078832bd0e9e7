import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { storeSession } from '@/testing/session';
import {
  bodiesTo,
  preparePageTests,
  serveFactory,
} from '@/testing/monitoring-point/monitor-page-harness';

const CALLS = [
  '/v1/Web/Monitor/Device',
  '/v1/Web/Monitor/Device/Power/Detail',
  '/v1/Web/Monitor/Device/ConsumptionQuery',
] as const;

/**
 * Issue #14, bug 2: without dates in the URL the page used this PC's date
 * first and the factory's once the channel list answered, fetching twice.
 * This PC's clock here is four days ahead of the factory's (its date differs).
 */
describe('Monitor Point first load', () => {
  preparePageTests();
  afterEach(() => vi.useRealTimers());

  it("fetches the node's data once, for the factory's today, when the URL has no dates", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: new Date('2026-11-25T12:00:00Z') });
    storeSession();
    const { requests } = serveFactory();
    renderApp('/dashboard/monitoring-point?deviceId=9');
    await screen.findAllByTestId('channel-card');
    await waitFor(() => expect(bodiesTo(requests, CALLS[2])).toHaveLength(1));
    await vi.advanceTimersByTimeAsync(500);
    for (const path of CALLS) {
      const bodies = bodiesTo(requests, path);
      expect(bodies, path).toHaveLength(1);
      expect(bodies[0]?.['timeRange'] ?? bodies[0]?.['segmentInfo'], path).toBeDefined();
    }
    expect(bodiesTo(requests, CALLS[0])[0]).toMatchObject({
      timeRange: { start: '2026-11-21', end: '2026-11-21' },
    });
  });

  it('does not wait for the channel list when the URL names the days', async () => {
    storeSession();
    let answerList: () => void = () => {};
    const listAnswered = new Promise<void>((resolve) => (answerList = resolve));
    const { requests, fetchStub } = serveFactory();
    const serve = fetchStub.getMockImplementation()!;
    // The channel list (the factory's time base) answers only when the test says so.
    fetchStub.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/v1/Web/Factory/Channel/List')) await listAnswered;
      return serve(input, init);
    });
    renderApp(
      '/dashboard/monitoring-point?deviceId=9&startDate=2026-11-20&endDate=2026-11-21&resolution=15',
    );
    await waitFor(() => expect(bodiesTo(requests, CALLS[0])).toHaveLength(1));
    answerList();
    await screen.findAllByTestId('channel-card');
    expect(bodiesTo(requests, CALLS[0])).toHaveLength(1);
  });
});
