import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminGatewayMeter } from '@wattboard/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { ok, renderAdmin, type Answers } from '@/testing/admin/admin-harness';
import { staleReportMinutes } from './GatewayHealth';

/** Admin › Gateways › Meters shows the gateway's health report (decision 0071), in both languages. */
// Reports come every 30 s: a fresh one is seconds old whenever the test runs.
const fresh = new Date(Date.now() - 20_000).toISOString();
const meter: AdminGatewayMeter = {
  id: 7, gatewayId: 1, nodeId: 2, nodeName: 'Compressor', nodeChName: '空壓機',
  serial: 'CMP-1', wiring: 'a,b,c', transport: { kind: 'tcp', host: '10.0.0.5', port: 502 },
  unitId: 1, template: 'eastron-sdm630', pollIntervalMs: 60_000,
  updatedAt: '2026-11-21T06:00:00Z',
  health: {
    reportedAt: '2026-11-28T10:00:30Z', lastGoodAt: '2026-11-28T10:00:00Z',
    lastErrorAt: '2026-11-28T10:00:20Z', lastError: 'unit 1 on 10.0.0.5:502: no answer in 1000 ms',
    errors: { timeout: 3, crc: 1, connection: 0, exception: { '2': 1 } },
  },
}; // prettier-ignore

const server = (clockOffsetMs: number, reportedAt = fresh): Answers => ({
  '/v1/Admin/Gateway/List': () =>
    ok('/v1/Admin/Gateway/List', {
      gateways: [
        { id: 1, name: 'Panel A', createdAt: '2026-11-01T00:00:00Z', lastSeenAt: null, revokedAt: null },
      ],
      readingsToday: 0,
      instructions: { httpUrl: 'u', httpCommand: 'c', mqttTopic: 't', exampleSerial: 'S' },
    }), // prettier-ignore
  '/v1/Admin/Node/List': () => ok('/v1/Admin/Node/List', { nodes: [] }),
  '/v1/Admin/Gateway/Meter/List': () =>
    ok('/v1/Admin/Gateway/Meter/List', {
      meters: [meter, { ...meter, id: 8, serial: 'LGT-1', health: null }],
      templates: [],
      gatewayHealth: {
        reportedAt,
        clockOffsetMs,
        buses: [{ id: '10.0.0.5:502', timeoutMs: 1000, retries: 2, gapMs: 20, meters: 2 }],
      },
    }),
});

const openMeters = async (user: ReturnType<typeof userEvent.setup>, name: string) => {
  const row = (await screen.findByRole('rowheader', { name: 'Panel A' })).closest('tr')!;
  await user.click(within(row).getByRole('button', { name }));
  return within(await screen.findByRole('dialog'));
};

describe('Admin › Gateways › Meters: health', () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows per meter the last good poll, the errors by kind and the last error', async () => {
    const user = userEvent.setup();
    renderAdmin('gateways', server(120));
    const dialog = await openMeters(user, 'Meters');
    const [first, second] = await dialog.findAllByTestId('admin-gateway-meter-health');
    expect(first).toHaveTextContent('Last good poll:');
    expect(first).toHaveTextContent(
      'Since the gateway started: 3 timeouts · 1 CRC/framing error · 1 exception 2',
    );
    expect(first).toHaveTextContent('no answer in 1000 ms');
    expect(second).toBeUndefined(); // the meter without a report says so instead
    expect(dialog.getByText('No health report from the gateway yet.')).toBeInTheDocument();
    expect(dialog.getByText('Gateway clock offset: 0.1 s')).toBeInTheDocument();
    expect(dialog.queryByRole('alert')).toBeNull();
    expect(
      dialog.getByText(/Bus 10\.0\.0\.5:502: 2 meters, one request at a time, timeout 1000 ms/),
    ).toBeInTheDocument();
  });

  it('warns of a clock more than 5 s off, in Chinese too', async () => {
    await act(() => i18n.changeLanguage('zh-TW'));
    const user = userEvent.setup();
    renderAdmin('gateways', server(-7200));
    const dialog = await openMeters(user, '電表');
    expect(await dialog.findByRole('alert')).toHaveTextContent('閘道器時鐘與伺服器相差 -7.2 秒');
    expect(dialog.getByTestId('admin-gateway-meter-health')).toHaveTextContent('逾時 3 次');
  });

  it('warns when the last report is older than four pulls', async () => {
    const user = userEvent.setup();
    const old = new Date(Date.now() - 7 * 60_000 - 5_000).toISOString();
    renderAdmin('gateways', server(120, old));
    const dialog = await openMeters(user, 'Meters');
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'No report for 7 minutes: the gateway may be stopped or cut off',
    );
  });

  it('says a report is stale only past two minutes', () => {
    const now = Date.parse('2026-11-29T02:00:00Z');
    expect(staleReportMinutes('2026-11-29T01:58:30Z', now)).toBeNull();
    expect(staleReportMinutes('2026-11-29T01:58:00Z', now)).toBeNull();
    expect(staleReportMinutes('2026-11-29T01:57:59Z', now)).toBe(2);
    expect(staleReportMinutes('2026-11-28T02:00:00Z', now)).toBe(1440);
  });
});
