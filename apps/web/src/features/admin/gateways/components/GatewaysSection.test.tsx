import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminGateway } from '@wattboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { ok, renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import type { Answers } from '@/testing/admin/admin-harness';

const command = (key: string) =>
  `curl -X POST 'http://localhost/v1/Ingest/Readings' \\\n  -H 'Authorization: Bearer ${key}'`;
const instructions = (key = '<KEY>') => ({
  httpUrl: 'http://localhost/v1/Ingest/Readings',
  httpCommand: command(key),
  mqttTopic: 'wattboard/1/meter/METER-1/reading',
  exampleSerial: 'METER-1',
});

function gatewaysServer() {
  let gateways: AdminGateway[] = [
    {
      id: 1,
      name: 'Panel A',
      createdAt: '2026-11-01T00:00:00Z',
      lastSeenAt: '2026-11-21T05:58:00Z',
      revokedAt: null,
    },
  ];
  const answers: Answers = {
    '/v1/Admin/Gateway/List': () =>
      ok('/v1/Admin/Gateway/List', {
        gateways,
        readingsToday: 12345,
        instructions: instructions(),
      }),
    '/v1/Admin/Gateway/Create': (body) => {
      const gateway = {
        id: 2,
        name: String(body.name),
        createdAt: '2026-11-21T06:00:00Z',
        lastSeenAt: null,
        revokedAt: null,
      };
      gateways = [...gateways, gateway];
      return ok('/v1/Admin/Gateway/Create', {
        gateway,
        key: 'gw_secret_key',
        instructions: instructions('gw_secret_key'),
      });
    },
    '/v1/Admin/Gateway/Revoke': (body) => {
      gateways = gateways.map((g) =>
        g.id === body.gatewayId ? { ...g, revokedAt: '2026-11-21T06:30:00Z' } : g,
      );
      return ok('/v1/Admin/Gateway/Revoke', {
        gateway: gateways.find((g) => g.id === body.gatewayId),
      });
    },
  };
  return answers;
}

const rowOf = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;

describe('Admin › Gateways', () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it('lists gateways with last seen, today readings and the command with a placeholder', async () => {
    renderAdmin('gateways', gatewaysServer());
    const row = within(
      await screen.findByRole('rowheader', { name: 'Panel A' }).then((c) => c.closest('tr')!),
    );
    expect(await row.findByText('2026/11/21 13:58')).toBeInTheDocument();
    expect(screen.getByTestId('admin-readings-today')).toHaveTextContent(
      '12,345 readings received today',
    );
    expect(screen.getByLabelText('HTTP command')).toHaveTextContent("Bearer <KEY>'");
    expect(screen.getByLabelText('MQTT topic')).toHaveTextContent(
      'wattboard/1/meter/METER-1/reading',
    );
  });

  it('creates a gateway and shows its key and the filled-in command once', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('gateways', gatewaysServer());
    await user.click(await screen.findByRole('button', { name: 'Create gateway' }));
    const form = within(screen.getByRole('dialog', { name: 'Create a gateway' }));
    await user.click(form.getByRole('button', { name: 'Create gateway' }));
    expect(await form.findByText('Required.')).toBeInTheDocument();
    await user.type(form.getByLabelText('Name'), 'Panel B');
    await user.click(form.getByRole('button', { name: 'Create gateway' }));
    const shown = within(await screen.findByRole('dialog', { name: 'Key for Panel B' }));
    expect(shown.getByLabelText('Gateway key')).toHaveTextContent('gw_secret_key');
    expect(shown.getByLabelText('HTTP command')).toHaveTextContent("Bearer gw_secret_key'");
    expect(sentTo(network, '/v1/Admin/Gateway/Create')).toEqual([
      expect.objectContaining({ name: 'Panel B' }),
    ]);
    await user.click(shown.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('gw_secret_key')).toBeNull();
    expect(await screen.findByRole('rowheader', { name: 'Panel B' })).toBeInTheDocument();
    expect(within(rowOf('Panel B')).getByText('Never')).toBeInTheDocument();
  });

  it('revokes only after confirming', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('gateways', gatewaysServer());
    await screen.findByRole('rowheader', { name: 'Panel A' });
    await user.click(within(rowOf('Panel A')).getByRole('button', { name: 'Revoke' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Revoke Panel A?' }));
    expect(sentTo(network, '/v1/Admin/Gateway/Revoke')).toEqual([]);
    await user.click(confirm.getByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(within(rowOf('Panel A')).getByText(/^Revoked 2026\/11\/21 14:30/)).toBeInTheDocument(),
    );
    expect(within(rowOf('Panel A')).queryByRole('button', { name: 'Revoke' })).toBeNull();
  });
});
