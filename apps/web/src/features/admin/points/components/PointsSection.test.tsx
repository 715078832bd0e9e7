import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_MESSAGES } from '@wattboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { refusal, renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import { adminNode, nodesServer } from '@/testing/admin/nodes';

const TREE = [
  adminNode({ id: 1, type: 'virtual', name: 'Plant', chName: '全廠' }),
  adminNode({ id: 2, type: 'smartMeter', parentId: 1, name: 'Meter A', chName: '電表A' }),
  adminNode({ id: 3, type: 'circuit', parentId: 2, name: 'Pump', chName: '泵浦' }),
  adminNode({
    id: 4,
    type: 'smartMeter',
    name: 'Old meter',
    chName: '舊表',
    retiredAt: '2026-10-01T00:00:00Z',
  }),
];

const rowOf = (name: string) =>
  screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr')!;
const optionsOf = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

describe('Admin › Monitoring points', () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it('shows the tree without retired points until asked, with last readings on the factory clock', async () => {
    const user = userEvent.setup();
    renderAdmin('points', nodesServer(TREE).answers);
    await screen.findByRole('rowheader', { name: /^Plant/ });
    expect(
      screen
        .getAllByTestId('admin-node-row')
        .map((r) => within(r).getByRole('rowheader').textContent),
    ).toEqual(['Plant全廠', 'Meter A電表A', 'Pump泵浦']);
    expect(await within(rowOf('Pump')).findByText('2026/11/21 13:59')).toBeInTheDocument();
    expect(within(rowOf('Plant')).getByText('Sums 2 meters and circuits')).toBeInTheDocument();
    await user.click(screen.getByLabelText('Show retired'));
    expect(within(rowOf('Old meter')).getByRole('button', { name: 'Restore' })).toBeInTheDocument();
  });

  it('adds a meter under a virtual node; a circuit may only go under a meter', async () => {
    const user = userEvent.setup();
    const server = nodesServer(TREE);
    const { network } = renderAdmin('points', server.answers);
    await user.click(await screen.findByRole('button', { name: 'Add monitoring point' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add a monitoring point' }));
    expect(optionsOf(dialog.getByLabelText('Parent'))).toEqual(['(top level)', 'Plant']);
    await user.selectOptions(dialog.getByLabelText('Type'), 'circuit');
    expect(optionsOf(dialog.getByLabelText('Parent'))).toEqual(['Meter A']);
    await user.selectOptions(dialog.getByLabelText('Type'), 'smartMeter');
    await user.selectOptions(dialog.getByLabelText('Parent'), 'Plant');

    await user.click(dialog.getByRole('button', { name: 'Add' }));
    expect(await dialog.findAllByText('Required.')).toHaveLength(3);
    await user.type(dialog.getByLabelText('Name (English)'), 'Meter B');
    await user.type(dialog.getByLabelText('Name (中文)'), '電表B');
    await user.type(dialog.getByLabelText('Serial'), 'has space');
    await user.click(dialog.getByRole('button', { name: 'Add' }));
    expect(await dialog.findByText('No spaces, "/", "#" or "+".')).toBeInTheDocument();
    await user.clear(dialog.getByLabelText('Serial'));
    await user.type(dialog.getByLabelText('Serial'), 'MB-1');
    await user.click(dialog.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sentTo(network, '/v1/Admin/Node/Add')).toEqual([
      expect.objectContaining({
        type: 'smartMeter',
        parentId: 1,
        name: 'Meter B',
        chName: '電表B',
        serial: 'MB-1',
        wiring: 'a,b,c',
      }),
    ]);
    expect(await screen.findByRole('rowheader', { name: /^Meter B/ })).toBeInTheDocument();
  });

  it('shows a serial already in use at the serial field', async () => {
    const user = userEvent.setup();
    const server = nodesServer(TREE);
    server.answers['/v1/Admin/Node/Add'] = () => refusal(ADMIN_MESSAGES.serialTaken);
    renderAdmin('points', server.answers);
    await user.click(await screen.findByRole('button', { name: 'Add monitoring point' }));
    const dialog = within(screen.getByRole('dialog'));
    await user.type(dialog.getByLabelText('Name (English)'), 'Dup');
    await user.type(dialog.getByLabelText('Name (中文)'), '重複');
    await user.type(dialog.getByLabelText('Serial'), 'S-2');
    await user.click(dialog.getByRole('button', { name: 'Add' }));
    expect(await dialog.findByText(ADMIN_MESSAGES.serialTaken)).toBeInTheDocument();
  });

  it('renames in both languages, moves within the rules and retires after confirming', async () => {
    const user = userEvent.setup();
    const server = nodesServer(TREE);
    const { network } = renderAdmin('points', server.answers);
    await screen.findByRole('rowheader', { name: /^Pump/ });
    await user.click(within(rowOf('Pump')).getByRole('button', { name: 'Edit' }));
    const edit = within(screen.getByRole('dialog', { name: 'Edit Pump' }));
    await user.clear(edit.getByLabelText('Name (中文)'));
    await user.type(edit.getByLabelText('Name (中文)'), '冷卻泵');
    await user.click(edit.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentTo(network, '/v1/Admin/Node/Update')).toEqual([
        expect.objectContaining({ nodeId: 3, name: 'Pump', chName: '冷卻泵' }),
      ]),
    );

    await user.click(await within(rowOf('Plant')).findByRole('button', { name: 'Move' }));
    const move = within(screen.getByRole('dialog', { name: 'Move Plant' }));
    expect(optionsOf(move.getByLabelText('Parent'))).toEqual(['(top level)']);
    await user.click(move.getByRole('button', { name: 'Cancel' }));

    await user.click(within(rowOf('Pump')).getByRole('button', { name: 'Retire' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Retire Pump?' }));
    await user.click(confirm.getByRole('button', { name: 'Retire' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: /^Pump/ })).toBeNull());
    expect(sentTo(network, '/v1/Admin/Node/Retire')).toEqual([
      expect.objectContaining({ nodeId: 3, retired: true }),
    ]);
  });

  it('names points in Chinese on the Chinese page', async () => {
    await i18n.changeLanguage('zh');
    const user = userEvent.setup();
    renderAdmin('points', nodesServer(TREE).answers);
    await user.click(await screen.findByRole('button', { name: '新增監測點' }));
    expect(optionsOf(within(screen.getByRole('dialog')).getByLabelText('上層'))).toEqual([
      '（最上層）',
      '全廠',
    ]);
  });
});
