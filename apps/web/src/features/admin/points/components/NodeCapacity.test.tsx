import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import { adminNode, nodesServer } from '@/testing/admin/nodes';

const TREE = [
  adminNode({ id: 1, type: 'virtual', name: 'Plant', chName: '全廠' }),
  adminNode({ id: 2, type: 'smartMeter', parentId: 1, name: 'Chiller', chName: '冰水機' }),
];

const rowOf = (name: string) =>
  screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr')!;

describe('Admin › Monitoring points: a node’s capacity (demand prediction)', () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it('checks the capacity and sends it with the edit', async () => {
    const user = userEvent.setup();
    const server = nodesServer(TREE);
    const { network } = renderAdmin('points', server.answers);
    await screen.findByRole('rowheader', { name: /^Chiller/ });
    await user.click(within(rowOf('Chiller')).getByRole('button', { name: 'Edit' }));
    const edit = within(screen.getByRole('dialog', { name: 'Edit Chiller' }));
    const field = edit.getByLabelText('Capacity (kW)');
    expect(field).toHaveValue('');
    await user.type(field, '0');
    await user.click(edit.getByRole('button', { name: 'Save' }));
    expect(await edit.findByText('Must be more than 0.')).toBeInTheDocument();
    expect(sentTo(network, '/v1/Admin/Node/Update')).toEqual([]);
    await user.clear(field);
    await user.type(field, '180');
    await user.click(edit.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentTo(network, '/v1/Admin/Node/Update')).toEqual([
        expect.objectContaining({ nodeId: 2, capacityKw: 180 }),
      ]),
    );
  });

  it('is labelled in 中文', async () => {
    await i18n.changeLanguage('zh');
    try {
      const user = userEvent.setup();
      renderAdmin('points', nodesServer([{ ...TREE[0]!, capacityKw: 950 }]).answers);
      const row = (await screen.findByTestId('admin-node-row')) as HTMLElement;
      await user.click(within(row).getAllByRole('button')[0]!);
      const dialog = within(await screen.findByRole('dialog'));
      expect(dialog.getByLabelText('容量（kW）')).toHaveValue('950');
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
