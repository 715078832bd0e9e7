import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderApp } from '@/testing/render-app';
import { storeSession } from '@/testing/session';
import { jsonResponse } from '@/testing/network';
import {
  bodiesTo,
  PAGE,
  preparePageTests,
  serveFactory,
} from '@/testing/monitoring-point/monitor-page-harness';
import { baselineBody } from '@/testing/monitoring-point/monitor-fixtures';

const BASELINE = '/v1/Web/Monitor/Device/Baseline';

describe('Monitor Point: the typical day beside the power chart', () => {
  preparePageTests();

  it('asks for the range’s typical day, names it in the legend and says what it is made of', async () => {
    storeSession();
    const { requests } = serveFactory();
    renderApp(PAGE);
    expect(await screen.findByTestId('typical-day-note')).toHaveTextContent(
      'Typical day (dashed): the median of the 8 latest earlier weekdays with readings, quarter by quarter.',
    );
    const legend = screen.getByRole('list', { name: 'Chart series' });
    expect(within(legend).getByText('Typical day (kW)')).toBeInTheDocument();
    expect(bodiesTo(requests, BASELINE)).toEqual([
      expect.objectContaining({
        deviceId: 9,
        timeRange: { start: '2026-11-21', end: '2026-11-21' },
      }),
    ]);
  });

  it('says so in 中文 when no earlier day of the kind has readings', async () => {
    await i18n.changeLanguage('zh');
    storeSession();
    serveFactory({
      [BASELINE]: () =>
        baselineBody({
          baselineKw: [],
          days: [{ date: '2026-11-21', dayType: 'saturday', basedOn: [] }],
        }),
    });
    renderApp(PAGE);
    expect(await screen.findByTestId('typical-day-note')).toHaveTextContent(
      '尚無典型日：之前同類日子的讀數不足。',
    );
    await i18n.changeLanguage('en');
  });

  it('shows the chart without it when the typical day fails, and skips it past 31 days', async () => {
    storeSession();
    const { requests } = serveFactory({
      [BASELINE]: () => jsonResponse({ statusCode: 201, message: 'down' }, 500),
    });
    renderApp(PAGE.replace('startDate=2026-11-21', 'startDate=2026-10-01'));
    await screen.findByTestId('power-detail-chart');
    await waitFor(() =>
      expect(bodiesTo(requests, '/v1/Web/Monitor/Device/Power/Detail')).not.toHaveLength(0),
    );
    expect(screen.queryByTestId('typical-day-note')).toBeNull();
    expect(bodiesTo(requests, BASELINE)).toEqual([]);
  });
});
