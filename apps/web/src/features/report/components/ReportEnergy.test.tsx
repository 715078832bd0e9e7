import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderApp } from '@/testing/render-app';
import { storeSession } from '@/testing/session';
import {
  bodiesTo,
  ENERGY_PATH,
  energyBody,
  energyRow,
  PAGE,
  preparePageTests,
  searchOf,
  serveReport,
} from '@/testing/report/report-harness';

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    )
    .filter((cells) => cells.length > 0);

describe('Report page, energy view', () => {
  preparePageTests();

  it('switches to energy per hour, with the range totals per channel', async () => {
    storeSession();
    const { requests } = serveReport({
      [ENERGY_PATH]: () =>
        energyBody(
          [
            energyRow({ cost: 125.67 }),
            energyRow({ channelId: 92, kwhForward: 1.5, kwhNet: 1.5, co2KG: 0.711, maxKW: null }),
          ],
          [
            {
              channelId: 91,
              kwhForward: 924.3,
              kwhReverse: 0,
              kwhNet: 924.3,
              co2KG: 438.118,
              maxKW: 44,
              averageKW: 38.513,
              cost: 3771.2,
            },
          ],
        ),
    });
    const { router } = renderApp(PAGE);
    await screen.findByRole('table', { name: 'Readings of Meter 1' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Energy' }));

    const table = await screen.findByRole('table', { name: 'Energy of Meter 1 per Hour' });
    expect(searchOf(router).get('view')).toBe('energy');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((c) => c.textContent),
    ).toEqual([
      'Interval start',
      'Channel',
      'Forward energy (kWh)',
      'Reverse energy (kWh)',
      'Net energy (kWh)',
      'CO2 (kg)',
      'Max (kW)',
      'Average (kW)',
      'Cost (NT$)',
    ]);
    expect(rowsOf(table)).toEqual([
      [
        '2026/11/21 13:00',
        'Air Compressor 1',
        '38.512',
        '0.000',
        '38.512',
        '18.255',
        '41.200',
        '38.512',
        '125.67',
      ],
      ['2026/11/21 13:00', 'Air Dryer', '1.500', '0.000', '1.500', '0.711', '—', '38.512', '—'],
    ]);
    const totals = screen.getByRole('table', { name: 'Totals for the range' });
    expect(rowsOf(totals)).toEqual([
      [
        'Air Compressor 1',
        '924.300',
        '0.000',
        '924.300',
        '438.118',
        '44.000',
        '38.513',
        '3,771.20',
      ],
    ]);
    expect(bodiesTo(requests, ENERGY_PATH).at(-1)).toMatchObject({
      factoryId: 0,
      smartmeterId: 9,
      dtStart: '2026-11-21',
      dtEnd: '2026-11-21',
      interval: 'hour',
    });
  });

  it('asks for another resolution and keeps it in the URL', async () => {
    storeSession();
    const { requests } = serveReport();
    const { router } = renderApp(`${PAGE}&view=energy`);
    await screen.findByRole('table', { name: 'Energy of Meter 1 per Hour' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Day' }));
    await waitFor(() => expect(searchOf(router).get('interval')).toBe('day'));
    await waitFor(() =>
      expect(bodiesTo(requests, ENERGY_PATH).at(-1)).toMatchObject({ interval: 'day' }),
    );
  });

  it('offers 15 minutes only up to a month and falls back to hours beyond', async () => {
    storeSession();
    const { requests } = serveReport();
    renderApp(
      '/dashboard/report?deviceId=9&startDate=2026-09-01&endDate=2026-11-21&view=energy&interval=quarterHour',
    );
    await screen.findByRole('table', { name: 'Energy of Meter 1 per Hour' });
    expect(screen.getByRole('button', { name: '15 min' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Hour' })).toHaveAttribute('aria-pressed', 'true');
    expect(bodiesTo(requests, ENERGY_PATH).map((b) => b['interval'])).toEqual(['hour']);
  });

  it('shows the table in 中文 with the same numbers', async () => {
    storeSession();
    serveReport();
    renderApp(`${PAGE}&view=energy`);
    await screen.findByRole('table', { name: 'Energy of Meter 1 per Hour' });
    await act(() => i18n.changeLanguage('zh'));
    const table = await screen.findByRole('table', { name: '一號電表 每小時的電能' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((c) => c.textContent);
    expect(headers.slice(0, 3)).toEqual(['區間開始', '迴路', '正向用電 (kWh)']);
    expect(rowsOf(table)[0]).toEqual([
      '2026/11/21 13:00',
      '空壓機 1',
      '38.512',
      '0.000',
      '38.512',
      '18.255',
      '41.200',
      '38.512',
      '—',
    ]);
    expect(headers.at(-1)).toBe('電費（元）');
  });

  it('says when the range has no energy figures', async () => {
    storeSession();
    serveReport({ [ENERGY_PATH]: () => energyBody([]) });
    renderApp(`${PAGE}&view=energy`);
    expect(await screen.findByText('No energy figures in this range.')).toBeInTheDocument();
  });
});
