import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { envelope } from '@/testing/network';
import { renderApp } from '@/testing/render-app';
import { storeSession } from '@/testing/session';
import { daysInRange } from '../model/date-range';
import {
  bodiesTo,
  preparePageTests,
  searchOf,
  serveFactory,
} from '@/testing/monitoring-point/monitor-page-harness';

const TOO_LONG =
  '/dashboard/monitoring-point?deviceId=9&startDate=2025-01-01&endDate=2026-11-21&resolution=60';

// Issue #23 item 4: a 690-day range reached the server; two cards showed its English refusal
// while the cost card priced the whole range.
describe('Monitor Point: the 366-day range limit', () => {
  preparePageTests();

  it('asks every card for the same range of at most 366 days and says why in the range box', async () => {
    storeSession();
    const { requests } = serveFactory();
    const { router } = renderApp(TOO_LONG);
    const range = await screen.findByRole('group', { name: 'Date range' });
    const start = within(range).getByLabelText('Start date');
    const end = within(range).getByLabelText('End date');
    expect(start).toHaveValue('2025-11-21');
    expect(end).toHaveValue('2026-11-21');
    expect(start).toHaveAttribute('min', '2025-11-21');
    expect(start).toHaveAccessibleDescription('A range covers at most 366 days.');
    await waitFor(() => expect(searchOf(router).get('startDate')).toBe('2025-11-21'));

    await waitFor(() => expect(bodiesTo(requests, '/v1/Web/Cost/Node')).not.toHaveLength(0));
    const device = bodiesTo(requests, '/v1/Web/Monitor/Device');
    expect(device.length).toBeGreaterThan(0);
    for (const body of device) {
      const { start: from, end: to } = body['timeRange'] as { start: string; end: string };
      expect(daysInRange({ startDate: from, endDate: to })).toBeLessThanOrEqual(366);
    }
    for (const body of bodiesTo(requests, '/v1/Web/Cost/Node')) {
      expect(body).toMatchObject({ startDate: '2025-11-21', endDate: '2026-11-21' });
    }

    await act(() => i18n.changeLanguage('zh'));
    // Asked afresh each time: the page may render anew while the Chinese texts arrive,
    // so an element found before (or a moment ago) can already be a detached one.
    await waitFor(() => expect(screen.getByText('日期範圍最多 366 天。')).toBeInTheDocument());
  });

  it("explains the server's range refusal in the user's language, not the server's English", async () => {
    storeSession();
    serveFactory({
      '/v1/Web/Monitor/Device': () => ({
        ...envelope('demo@wattboard.local', '/v1/Web/Monitor/Device'),
        statusCode: 201,
        message: 'timeRange: a range covers at most 366 days.',
      }),
    });
    renderApp(TOO_LONG);
    expect(
      (await screen.findAllByText(/a range covers at most 366 days\. Choose a shorter range/))
        .length,
    ).toBeGreaterThan(0);
    expect(screen.queryByText(/timeRange:/)).not.toBeInTheDocument();
    await act(() => i18n.changeLanguage('zh'));
    expect(
      screen.getAllByText('日期範圍過長：最多 366 天，請選擇較短的範圍。').length,
    ).toBeGreaterThan(0);
  });
});
