import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderApp } from '@/testing/render-app';
import { storeSession } from '@/testing/session';
import { channelReportBody, readingRow } from '@/testing/report/fixtures';
import {
  ENERGY_PATH,
  energyBody,
  energyRow,
  PAGE,
  preparePageTests,
  REPORT_PATH,
  serveReport,
} from '@/testing/report/report-harness';

/** Issue #24: the lagging kvarh counter, where the meter has one. */

const headersOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

const cellsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) =>
      within(row)
        .queryAllByRole('cell')
        .map((cell) => cell.textContent),
    )
    .filter((cells) => cells.length > 0);

/** The cell under `header` in each data row. */
function column(table: HTMLElement, header: string) {
  const index = headersOf(table).indexOf(header);
  expect(index, header).toBeGreaterThan(-1);
  return cellsOf(table).map((cells) => cells[index]);
}

describe('Report page, lagging kvarh', () => {
  preparePageTests();

  it('shows the kvarh counter beside the kWh counters, a dash where a channel has none', async () => {
    storeSession();
    serveReport({
      [REPORT_PATH]: () =>
        channelReportBody([
          readingRow({ kvarhLagging: 54321.5 }),
          readingRow({ channelId: 92, serialNumber: 'WB-M01-C4', kvarhLagging: null }),
        ]),
    });
    renderApp(PAGE);
    const table = await screen.findByRole('table', { name: 'Readings of Meter 1' });
    const headers = headersOf(table);
    const at = headers.indexOf('Lagging reactive energy (kvarh)');
    expect(headers[at - 1]).toBe('Net energy (kWh)');
    expect(column(table, 'Lagging reactive energy (kvarh)')).toEqual(['54,321.500', '—']);

    await act(() => i18n.changeLanguage('zh'));
    const chinese = await screen.findByRole('table', { name: '一號電表 的讀值' });
    expect(column(chinese, '落後虛功電能 (kvarh)')).toEqual(['54,321.500', '—']);
  });

  it('leaves the column out for meters without the counter (or an older server)', async () => {
    storeSession();
    serveReport({ [REPORT_PATH]: () => channelReportBody([readingRow()]) });
    renderApp(PAGE);
    const table = await screen.findByRole('table', { name: 'Readings of Meter 1' });
    expect(headersOf(table)).toContain('Net energy (kWh)');
    expect(headersOf(table).join()).not.toMatch(/kvarh/);
  });

  it("shows each interval's and the range's kvarh in the energy view, in both languages", async () => {
    storeSession();
    serveReport({
      [ENERGY_PATH]: () =>
        energyBody(
          [energyRow({ kvarhLagging: 18.64 }), energyRow({ channelId: 92, kvarhLagging: null })],
          [
            {
              channelId: 91,
              kwhForward: 924.3,
              kwhReverse: 0,
              kwhNet: 924.3,
              kvarhLagging: 447.2,
              co2KG: 438.118,
              maxKW: 44,
              averageKW: 38.513,
              cost: null,
            },
          ],
        ),
    });
    renderApp(`${PAGE}&view=energy`);
    const table = await screen.findByRole('table', { name: 'Energy of Meter 1 per Hour' });
    expect(headersOf(table).slice(2, 6)).toEqual([
      'Forward energy (kWh)',
      'Reverse energy (kWh)',
      'Net energy (kWh)',
      'Lagging reactive energy (kvarh)',
    ]);
    expect(column(table, 'Lagging reactive energy (kvarh)')).toEqual(['18.640', '—']);
    const totals = screen.getByRole('table', { name: 'Totals for the range' });
    expect(column(totals, 'Lagging reactive energy (kvarh)')).toEqual(['447.200']);

    await act(() => i18n.changeLanguage('zh'));
    const chinese = await screen.findByRole('table', { name: '一號電表 每小時的電能' });
    expect(column(chinese, '落後虛功電能 (kvarh)')).toEqual(['18.640', '—']);
  });

  it('has no kvarh column in the energy view when no figure has one', async () => {
    storeSession();
    serveReport({ [ENERGY_PATH]: () => energyBody([energyRow({ kvarhLagging: null })]) });
    renderApp(`${PAGE}&view=energy`);
    const table = await screen.findByRole('table', { name: 'Energy of Meter 1 per Hour' });
    expect(headersOf(table).join()).not.toMatch(/kvarh/);
  });
});
