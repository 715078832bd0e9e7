import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { channelListBody, jsonResponse, stubNetwork } from '@/testing/network';
import { renderApp } from '@/testing/render-app';
import { storeSession } from '@/testing/session';
import { finding, FINDINGS_PATH, findingsBody } from '@/testing/waste/waste-fixtures';

type Answer = (body: Record<string, unknown>) => unknown;

function serve(findings: Answer = () => findingsBody()) {
  storeSession();
  return stubNetwork((path, init) => {
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    if (path === '/v1/Web/Factory/Channel/List') return jsonResponse(channelListBody());
    if (path !== FINDINGS_PATH) return jsonResponse({ statusCode: 201, message: path }, 404);
    const result = findings(body);
    return result instanceof Response ? result : jsonResponse(result);
  });
}

const PAGE = '/dashboard/waste?startDate=2026-11-14&endDate=2026-11-20';
const rows = () => within(screen.getByTestId('waste-findings')).getAllByRole('row').slice(1);
const cells = (row: HTMLElement) =>
  [...row.querySelectorAll('th, td')].map((cell) => cell.textContent);

describe('Waste page', () => {
  it('lists the findings of the URL range, ranked, with kind, when, kWh, NT$ and kg CO2 a week', async () => {
    const { requests } = serve();
    renderApp(PAGE);
    await screen.findByTestId('waste-findings');
    expect(requests.find((r) => r.path === FINDINGS_PATH)?.body).toMatchObject({
      factoryId: 0,
      startDate: '2026-11-14',
      endDate: '2026-11-20',
    });
    expect(rows().map(cells)).toEqual([
      [
        '1',
        'Air compressor',
        'Runs when nobody works',
        '2026/11/14 22:00 – 2026/11/16 06:00',
        '282.0',
        '1,128',
        '141.0',
      ],
      [
        '2',
        'Office lighting',
        'Runs on after its shift',
        '2026/11/18 22:00 – 23:45',
        '40.5',
        '162.00',
        '20.3',
      ],
      [
        '3',
        'Coolant pump',
        'Standby draw',
        '2026/11/14 22:00 – 2026/11/16 06:00',
        '15.0',
        '60.00',
        '7.5',
      ],
    ]);
    expect(screen.getByTestId('waste-total')).toHaveTextContent(
      '3 findings: 338 kWh, NT$1,350 and 169 kg CO₂e a week in all.',
    );
    expect(screen.getByText(/Priced at NT\$4\.00 \/ kWh/)).toBeInTheDocument();
  });

  it('speaks Traditional Chinese', async () => {
    serve();
    renderApp(PAGE);
    await screen.findByTestId('waste-findings');
    await act(() => i18n.changeLanguage('zh'));
    expect(screen.getByRole('heading', { level: 1, name: '能源浪費診斷' })).toBeInTheDocument();
    expect(cells(rows()[0]!).slice(1, 3)).toEqual(['空壓機', '無人上班時運轉']);
    expect(screen.getByRole('columnheader', { name: '每週電費（元）' })).toBeInTheDocument();
    expect(screen.getByTestId('waste-total')).toHaveTextContent(
      '共 3 項：合計每週 338 度、新臺幣 1,350 元、碳排 169 kg CO₂e。',
    );
    await act(() => i18n.changeLanguage('en'));
  });

  it('asks for the last complete week of the factory when the URL has no range', async () => {
    const { requests } = serve();
    renderApp('/dashboard/waste');
    await screen.findByTestId('waste-findings');
    // The test factory's day is 2026-11-21 (channelListBody's dtNowFactory).
    expect(requests.filter((r) => r.path === FINDINGS_PATH).map((r) => r.body)).toEqual([
      expect.objectContaining({ startDate: '2026-11-14', endDate: '2026-11-20' }),
    ]);
  });

  it('says what is wrong with a range over 31 days and does not ask the server', async () => {
    const { requests } = serve();
    const { router } = renderApp(PAGE);
    await screen.findByTestId('waste-findings');
    fireEvent.change(screen.getByLabelText('Start date'), { target: { value: '2026-10-01' } });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This range is too long: the waste finder looks at most 31 days at a time.',
    );
    expect(new URLSearchParams(router.state.location.search).get('startDate')).toBe('2026-10-01');
    expect(requests.filter((r) => r.path === FINDINGS_PATH)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'Last complete week' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('shows the empty state when nothing was found', async () => {
    serve(() => findingsBody([], { ntdPerKwh: null }));
    renderApp(PAGE);
    expect(await screen.findByText('No waste found in this range.')).toBeInTheDocument();
  });

  it('says when the factory has no tariff', async () => {
    serve(() => findingsBody([finding({ costPerWeek: null })], { ntdPerKwh: null }));
    renderApp(PAGE);
    expect(await screen.findByTestId('waste-total')).toHaveTextContent(
      '1 finding: 282 kWh and 141 kg CO₂e a week.',
    );
    expect(screen.getByText(/has no tariff set/)).toBeInTheDocument();
    expect(cells(rows()[0]!)[5]).toBe('—');
  });

  it('shows an error with a retry that asks again', async () => {
    let calls = 0;
    serve(() => {
      calls += 1;
      return calls <= 2 ? jsonResponse({ message: 'down' }, 500) : findingsBody();
    });
    renderApp(PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }, { timeout: 5000 }));
    expect(await screen.findByTestId('waste-findings')).toBeInTheDocument();
  });
});
