import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StatusCode } from '@wattboard/contract';
import { describe, expect, it } from 'vitest';
import { renderApp } from '@/testing/render-app';
import { storeSession } from '@/testing/session';
import { channelListBody } from '@/testing/network';
import {
  channelReportBody,
  meterChannels,
  readingRow,
  readingRows,
  reportEnvelope,
} from '@/testing/report/fixtures';
import {
  bodiesTo,
  PAGE,
  preparePageTests,
  REPORT_PATH,
  searchOf,
  serveReport,
} from '@/testing/report/report-harness';

const headersOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent);

const cellsOfRow = (table: HTMLElement, index: number) =>
  within(within(table).getAllByRole('row')[index]!)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('Report page, readings', () => {
  preparePageTests();

  it("shows the meter's readings for the URL's days, factory-local, with units in the headers", async () => {
    storeSession();
    const { requests } = serveReport({
      [REPORT_PATH]: () =>
        channelReportBody([
          readingRow(),
          readingRow({ channelId: 92, serialNumber: 'WB-M01-C4', voltage_A: 219.95 }),
        ]),
    });
    renderApp(PAGE);

    const table = await screen.findByRole('table', { name: 'Readings of Meter 1' });
    const headers = headersOf(table);
    expect(headers.slice(0, 5)).toEqual([
      'Reading time',
      'Channel',
      'Voltage A (V)',
      'Voltage B (V)',
      'Voltage C (V)',
    ]);
    expect(headers).toContain('Real power total (kW)');
    expect(headers).toContain('Power factor A');
    expect(headers).toContain('Forward energy (kWh)');
    expect(headers).toContain('Temperature (°C)');
    const first = cellsOfRow(table, 1);
    expect(first.slice(0, 3)).toEqual(['2026/11/21 14:00:00', 'Air Compressor 1', '221.3']);
    expect(first).toContain('123,456.789');
    expect(cellsOfRow(table, 2).slice(0, 3)).toEqual(['2026/11/21 14:00:00', 'Air Dryer', '220.0']);
    expect(screen.getByTestId('report-row-count')).toHaveTextContent('2 rows');

    const [body] = bodiesTo(requests, REPORT_PATH);
    expect(body).toMatchObject({
      factoryId: 0,
      smartmeterId: 9,
      dtStart: '2026-11-21',
      dtEnd: '2026-11-21',
      pageSize: 10_000,
    });
    expect(body).not.toHaveProperty('after');
    expect(body).not.toHaveProperty('channelIds');
  });

  it('leaves out the phases a meter does not have', async () => {
    storeSession();
    const single = readingRow({
      voltage_B: null,
      voltage_C: null,
      current_B: null,
      current_C: null,
    });
    serveReport({ [REPORT_PATH]: () => channelReportBody([single]) });
    renderApp(PAGE);
    const table = await screen.findByRole('table', { name: 'Readings of Meter 1' });
    expect(headersOf(table)).not.toContain('Voltage B (V)');
    expect(headersOf(table)).toContain('Voltage A (V)');
  });

  it('picks the first smart meter when the sidebar link names another node', async () => {
    storeSession();
    const { requests } = serveReport();
    const { router } = renderApp(
      '/dashboard/report?deviceId=7&startDate=2026-11-21&endDate=2026-11-21',
    );
    await screen.findByRole('table', { name: 'Readings of Meter 1' });
    expect(searchOf(router).get('deviceId')).toBe('9');
    expect(bodiesTo(requests, REPORT_PATH).every((b) => b['smartmeterId'] === 9)).toBe(true);
  });

  it('pages through the range with the server cursor', async () => {
    storeSession();
    const { requests } = serveReport({
      [REPORT_PATH]: (body) =>
        body['after']
          ? channelReportBody(readingRows(2, Date.parse('2026-11-21T07:00:00Z')), {
              nextCursor: null,
            })
          : channelReportBody(readingRows(3), { nextCursor: '2026-11-21T06:01:00.000Z~91' }),
    });
    renderApp(PAGE);
    await waitFor(() => expect(screen.getByTestId('report-row-count')).toHaveTextContent('5 rows'));
    const bodies = bodiesTo(requests, REPORT_PATH);
    expect(bodies).toHaveLength(2);
    expect(bodies[1]).toMatchObject({ after: '2026-11-21T06:01:00.000Z~91', pageSize: 10_000 });
    expect(screen.queryByRole('button', { name: 'Load more rows' })).not.toBeInTheDocument();
  });

  it('asks for one circuit with Channel Select and keeps it in the URL', async () => {
    storeSession();
    const { requests } = serveReport();
    const { router } = renderApp(PAGE);
    await screen.findByRole('table', { name: 'Readings of Meter 1' });
    const select = screen.getByRole('combobox', { name: 'Channel Select' });
    await userEvent.setup().selectOptions(select, 'Air Dryer');
    await waitFor(() => expect(searchOf(router).get('channelId')).toBe('92'));
    await waitFor(() =>
      expect(bodiesTo(requests, REPORT_PATH).at(-1)).toMatchObject({ channelIds: [92] }),
    );
  });

  it('opens a circuit linked by deviceId on its meter with that circuit chosen', async () => {
    storeSession();
    const { requests } = serveReport({
      '/v1/Web/Factory/Channel/List': () =>
        channelListBody({
          channelList: [
            { id: 9, chName: '一號電表', name: 'Meter 1', type: 'smartMeter', isVirtual: false },
            ...meterChannels,
          ],
        }),
    });
    const { router } = renderApp(
      '/dashboard/report?deviceId=92&startDate=2026-11-21&endDate=2026-11-21',
    );
    await waitFor(() => expect(searchOf(router).get('deviceId')).toBe('9'));
    expect(searchOf(router).get('channelId')).toBe('92');
    await waitFor(() =>
      expect(bodiesTo(requests, REPORT_PATH).at(-1)).toMatchObject({
        smartmeterId: 9,
        channelIds: [92],
      }),
    );
    const select = await screen.findByRole('combobox', { name: 'Channel Select' });
    await waitFor(() => expect(select).toHaveDisplayValue('Air Dryer'));
  });

  it('puts a new start day into the URL and keeps the end', async () => {
    storeSession();
    serveReport();
    const { router } = renderApp(PAGE);
    await screen.findByRole('table', { name: 'Readings of Meter 1' });
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-11-19' } });
    await waitFor(() => expect(searchOf(router).get('startDate')).toBe('2026-11-19'));
    expect(searchOf(router).get('endDate')).toBe('2026-11-21');
  });

  it('says when the range has no readings', async () => {
    storeSession();
    serveReport({ [REPORT_PATH]: () => channelReportBody([]) });
    renderApp(PAGE);
    expect(await screen.findByText('No readings in this range.')).toBeInTheDocument();
  });

  it("says so for a meter the server does not know (or another factory's)", async () => {
    storeSession();
    serveReport({
      [REPORT_PATH]: () => ({
        ...reportEnvelope(REPORT_PATH),
        statusCode: StatusCode.SmartMeterNotFound,
        message: 'Smart meter not found',
      }),
    });
    renderApp(PAGE);
    expect(
      await screen.findByText('This meter does not exist in your factory.'),
    ).toBeInTheDocument();
  });

  it('refuses a readings range longer than the server serves, before asking', async () => {
    storeSession();
    const { requests } = serveReport();
    renderApp('/dashboard/report?deviceId=9&startDate=2025-01-01&endDate=2026-11-21');
    expect(await screen.findByText(/Readings cover at most 400 days/)).toBeInTheDocument();
    expect(bodiesTo(requests, REPORT_PATH)).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled();
  });
});
