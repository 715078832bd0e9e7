import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderApp } from '@/testing/render-app';
import { storeSession } from '@/testing/session';
import { costNodeQueryOptions } from '../api/cost-node';
import { refreshesOnReading } from '../api/live-refresh';
import { costNodeBody } from '@/testing/monitoring-point/cost-fixtures';
import {
  bodiesTo,
  PAGE,
  preparePageTests,
  serveFactory,
} from '@/testing/monitoring-point/monitor-page-harness';

const COST = '/v1/Web/Cost/Node';
const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Monitor Point page, cost', () => {
  preparePageTests();

  it('shows cost beside kWh for the range, by period, and per hour in the Consumption Query', async () => {
    storeSession();
    const { requests } = serveFactory();
    renderApp(PAGE);

    const card = within(await screen.findByTestId('node-cost'));
    const totals = within(await card.findByTestId('node-cost-totals'));
    expect(totals.getByText('Net energy (kWh)').nextSibling).toHaveTextContent('240');
    expect(totals.getByText('Cost').nextSibling).toHaveTextContent('NT$1,131');
    const periods = card.getByRole('table', { name: 'Cost by time-of-use period' });
    expect(cells(within(periods).getByRole('row', { name: /^Peak/ }))).toEqual(['60', '483.00']);
    expect(cells(within(periods).getByRole('row', { name: /^Off-peak/ }))).toEqual([
      '90',
      '196.20',
    ]);

    const series = await screen.findByTestId('consumption-cost');
    expect(
      within(series)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual(['Interval', 'Period', 'Net energy (kWh)', 'Cost (NT$)']);
    expect(cells(within(series).getByRole('row', { name: /2026\/11\/21 16:00/ }))).toEqual([
      'Peak',
      '10',
      '80.50',
    ]);
    expect(screen.getByTestId('consumption-cost-total')).toHaveTextContent('1,131.00');
    expect(screen.getByRole('region', { name: 'Energy and cost per interval' })).toHaveAttribute(
      'tabindex',
      '0',
    );
    // One day: both ask for hours over the same day, so the page sends one request.
    expect(bodiesTo(requests, COST)).toEqual([
      expect.objectContaining({
        factoryId: 0,
        deviceId: 9,
        startDate: '2026-11-21',
        endDate: '2026-11-21',
        interval: 'hour',
      }),
    ]);
  });

  it('prices only the weekdays the query sums, says so, and speaks 中文', async () => {
    storeSession();
    const { requests } = serveFactory();
    renderApp(PAGE);
    await screen.findByTestId('consumption-cost');
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Sun' }));
    await user.click(screen.getByRole('button', { name: 'Query' }));
    expect(
      await screen.findByText(
        'Cost of the chosen weekdays and hours only, as the query sums them.',
      ),
    ).toBeInTheDocument();
    const narrowed = bodiesTo(requests, COST).find(
      (body) => typeof body === 'object' && body !== null && 'segmentInfo' in body,
    );
    expect(narrowed).toMatchObject({
      segmentInfo: { weekdays: expect.not.arrayContaining(['Sun']) },
    });
    await act(() => i18n.changeLanguage('zh'));
    const totals = within(screen.getByTestId('node-cost-totals'));
    expect(totals.getByText('電費').nextSibling).toHaveTextContent('新臺幣 1,131 元');
    expect(screen.getAllByRole('columnheader', { name: '電費（元）' })).toHaveLength(2);
  });

  it('shows the hours that have not happened yet as "—", not 0 kWh and NT$0.00', async () => {
    storeSession();
    // The server leaves the buckets after 14:00 without data: they have not begun.
    const laterToday = (body: Record<string, unknown>) => {
      const answer = costNodeBody(body);
      return {
        ...answer,
        series: answer.series.map((bucket, hour) =>
          hour > 14 ? { ...bucket, kwh: null, cost: null } : bucket,
        ),
      };
    };
    serveFactory({ [COST]: laterToday });
    renderApp(PAGE);
    const series = await screen.findByTestId('consumption-cost');
    expect(cells(within(series).getByRole('row', { name: /2026\/11\/21 14:00/ }))).toEqual([
      'Half-peak',
      '10',
      '50.20',
    ]);
    expect(cells(within(series).getByRole('row', { name: /2026\/11\/21 16:00/ }))).toEqual([
      'Peak',
      '—',
      '—',
    ]);
  });

  it('says when no tariff covers the range', async () => {
    storeSession();
    serveFactory({ [COST]: (body) => costNodeBody(body, { priced: false }) });
    renderApp(PAGE);
    expect(await screen.findByText('No tariff covers this range.')).toBeInTheDocument();
    expect(screen.getByTestId('consumption-cost-total')).toHaveTextContent('—');
  });

  it("refreshes on a reading only while the range holds the factory's today", () => {
    const key = (startDate: string, endDate: string) =>
      costNodeQueryOptions('a@b.c', { deviceId: 9, startDate, endDate, interval: 'day' }).queryKey;
    expect(refreshesOnReading(key('2026-11-01', '2026-11-21'), 9, '2026-11-21')).toBe(true);
    expect(refreshesOnReading(key('2026-11-01', '2026-11-20'), 9, '2026-11-21')).toBe(false);
    expect(refreshesOnReading(key('2026-11-01', '2026-11-21'), 8, '2026-11-21')).toBe(false);
  });
});
