import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GATEWAY_METER_MESSAGES, type AdminGatewayMeter } from '@wattboard/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { ok, refusal, renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import type { Answers } from '@/testing/admin/admin-harness';
import { adminNode } from '@/testing/admin/nodes';

const SAVE = '/v1/Admin/Gateway/Meter/Save';
const REMOVE = '/v1/Admin/Gateway/Meter/Remove';
const templates = [
  { id: 'eastron-sdm120', manufacturer: 'Eastron', model: 'SDM120-Modbus', phases: 1 },
  { id: 'eastron-sdm630', manufacturer: 'Eastron', model: 'SDM630-Modbus', phases: 3 },
];
const nodes = [
  adminNode({ id: 1, type: 'virtual', name: 'Plant' }),
  adminNode({ id: 2, type: 'smartMeter', name: 'Compressor', chName: '空壓機', serial: 'CMP-1' }),
  adminNode({ id: 3, type: 'circuit', name: 'Lights', chName: '照明', serial: 'LGT-1' }),
  adminNode({
    id: 4,
    type: 'smartMeter',
    name: 'Old',
    serial: null,
    retiredAt: '2026-01-02T00:00:00Z',
  }),
];

/** The gateways, nodes and meter calls as the server answers them. */
function metersServer(refuseWith?: string) {
  let meters: AdminGatewayMeter[] = [
    {
      id: 7, gatewayId: 1, nodeId: 2, nodeName: 'Compressor', nodeChName: '空壓機',
      serial: 'CMP-1', wiring: 'a,b,c', transport: { kind: 'tcp', host: '10.0.0.5', port: 502 },
      unitId: 1, template: 'eastron-sdm630', pollIntervalMs: 60_000,
      updatedAt: '2026-11-21T06:00:00Z',
    },
  ]; // prettier-ignore
  const answers: Answers = {
    '/v1/Admin/Gateway/List': () =>
      ok('/v1/Admin/Gateway/List', {
        gateways: [
          { id: 1, name: 'Panel A', createdAt: '2026-11-01T00:00:00Z', lastSeenAt: null, revokedAt: null },
        ],
        readingsToday: 0,
        instructions: { httpUrl: 'u', httpCommand: 'c', mqttTopic: 't', exampleSerial: 'S' },
      }), // prettier-ignore
    '/v1/Admin/Node/List': () => ok('/v1/Admin/Node/List', { nodes }),
    '/v1/Admin/Gateway/Meter/List': () => ok('/v1/Admin/Gateway/Meter/List', { meters, templates }),
    [SAVE]: (body) => {
      if (refuseWith) return refusal(refuseWith);
      const node = nodes.find((n) => n.id === body.nodeId)!;
      const meter = {
        id: 8, gatewayId: 1, nodeId: node.id, nodeName: node.name, nodeChName: node.chName,
        serial: node.serial!, wiring: node.wiring!, transport: body.transport,
        unitId: body.unitId, template: body.template, pollIntervalMs: body.pollIntervalMs,
        updatedAt: '2026-11-21T07:00:00Z',
      } as AdminGatewayMeter; // prettier-ignore
      meters = [...meters, meter];
      return ok(SAVE, { meter });
    },
    [REMOVE]: (body) => {
      meters = meters.filter((m) => m.id !== body.meterId);
      return ok(REMOVE, {});
    },
  };
  return answers;
}

const openMeters = async (user: ReturnType<typeof userEvent.setup>) => {
  const row = (await screen.findByRole('rowheader', { name: 'Panel A' })).closest('tr')!;
  await user.click(within(row).getByRole('button', { name: 'Meters' }));
  return within(screen.getByRole('dialog', { name: 'Meters of Panel A' }));
};

describe('Admin › Gateways › Meters', () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it("lists a gateway's meters and adds one, checked by the contract before it is sent", async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('gateways', metersServer());
    const dialog = await openMeters(user);
    const first = within(await dialog.findByTestId('admin-gateway-meter-row'));
    expect(first.getByRole('rowheader')).toHaveTextContent('Compressor (CMP-1)');
    expect(first.getByText('Modbus TCP 10.0.0.5:502')).toBeInTheDocument();
    expect(first.getByText('60 s')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Add meter' }));
    const point = dialog.getByLabelText('Monitoring point it feeds');
    // Only active meters and circuits with a serial can be fed.
    expect(within(point).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Choose a monitoring point', 'Compressor (CMP-1)', 'Lights (LGT-1)',
    ]); // prettier-ignore
    await user.clear(dialog.getByLabelText('Poll every (seconds)'));
    await user.type(dialog.getByLabelText('Poll every (seconds)'), '0.5');
    await user.click(dialog.getByRole('button', { name: 'Save meter' }));
    expect(await dialog.findAllByText('Required.')).toHaveLength(2); // point and host
    expect(dialog.getByLabelText('Poll every (seconds)')).toHaveAttribute('aria-invalid', 'true');
    expect(sentTo(network, SAVE)).toEqual([]);

    await user.selectOptions(point, 'Lights (LGT-1)');
    await user.type(dialog.getByLabelText('Host'), '10.0.0.9');
    await user.clear(dialog.getByLabelText('Unit id'));
    await user.type(dialog.getByLabelText('Unit id'), '3');
    await user.selectOptions(dialog.getByLabelText('Meter template'), 'Eastron SDM120-Modbus');
    await user.clear(dialog.getByLabelText('Poll every (seconds)'));
    await user.type(dialog.getByLabelText('Poll every (seconds)'), '5');
    await user.click(dialog.getByRole('button', { name: 'Save meter' }));
    await waitFor(() => expect(dialog.getAllByTestId('admin-gateway-meter-row')).toHaveLength(2));
    expect(sentTo(network, SAVE)).toEqual([
      expect.objectContaining({
        gatewayId: 1, meterId: null, nodeId: 3, unitId: 3, template: 'eastron-sdm120',
        pollIntervalMs: 5000, transport: { kind: 'tcp', host: '10.0.0.9', port: 502 },
      }),
    ]); // prettier-ignore
  });

  it('sends RTU serial settings, and shows a refusal in 中文', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('gateways', metersServer(GATEWAY_METER_MESSAGES.nodeTaken));
    await screen.findByRole('rowheader', { name: 'Panel A' });
    await act(() => i18n.changeLanguage('zh'));
    const row = screen.getByRole('rowheader', { name: 'Panel A' }).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: '電表' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Panel A 的電表' }));
    await user.click(await dialog.findByRole('button', { name: '新增電表' }));
    await user.selectOptions(dialog.getByLabelText('供應資料的監測點'), '空壓機 (CMP-1)');
    await user.selectOptions(dialog.getByLabelText('傳輸方式'), 'RTU（序列埠）');
    expect(dialog.queryByLabelText('主機')).toBeNull();
    await user.type(dialog.getByLabelText('序列埠'), '/dev/ttyUSB0');
    await user.selectOptions(dialog.getByLabelText('鮑率'), '19200');
    await user.selectOptions(dialog.getByLabelText('同位元'), '偶同位');
    await user.click(dialog.getByRole('button', { name: '儲存電表' }));
    expect(await dialog.findByText('已有另一個閘道器電表供應此監測點。')).toHaveAttribute(
      'role',
      'alert',
    );
    expect(sentTo(network, SAVE)).toEqual([
      expect.objectContaining({
        nodeId: 2,
        transport: { kind: 'rtu', path: '/dev/ttyUSB0', baudRate: 19200, parity: 'even', stopBits: 1 },
      }),
    ]); // prettier-ignore
  });

  it('removes a meter only after confirming', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('gateways', metersServer());
    const dialog = await openMeters(user);
    const row = within(await dialog.findByTestId('admin-gateway-meter-row'));
    await user.click(row.getByRole('button', { name: 'Remove' }));
    expect(sentTo(network, REMOVE)).toEqual([]);
    await user.click(row.getByRole('button', { name: 'Remove: stop polling' }));
    await waitFor(() => expect(dialog.queryByTestId('admin-gateway-meter-row')).toBeNull());
    expect(sentTo(network, REMOVE)).toEqual([
      expect.objectContaining({ gatewayId: 1, meterId: 7 }),
    ]);
    expect(
      dialog.getByText('No meters yet: add the meters this gateway polls.'),
    ).toBeInTheDocument();
  });
});
