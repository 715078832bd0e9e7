import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_MESSAGES } from '@wattboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { refusal, renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import { billingServer } from '@/testing/admin/billing-points';

const SAVE = '/v1/Admin/BillingPoint/Save';
const row = (name: string) => within(screen.getByRole('row', { name: new RegExp(`^${name}`) }));

describe('Admin › Billing points: contract terms by date (decision 0081)', () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  const editMain = async (user: ReturnType<typeof userEvent.setup>) => {
    await screen.findAllByTestId('admin-billing-row');
    await user.click(row('Incoming supply').getByRole('button', { name: 'Edit' }));
    return within(screen.getByRole('dialog', { name: 'Billing point: Incoming supply' }));
  };

  it('sends the day a change applies from, then lists the capacities by date', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('billing', billingServer().answers);
    let dialog = await editMain(user);
    // Nothing changed yet: no history to show.
    expect(dialog.queryByTestId('contract-history')).toBeNull();
    const capacity = dialog.getByLabelText('Contract capacity (kW)');
    await user.clear(capacity);
    await user.type(capacity, '900');
    const from = dialog.getByLabelText('Applies from (meter-reading day)');
    expect(from).toHaveAttribute('type', 'date');
    expect(dialog.getByText(/Bills of earlier periods keep the capacities/)).toBeInTheDocument();
    await user.type(from, '2026-11-01');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentTo(network, SAVE)).toEqual([
        expect.objectContaining({ nodeId: 1, contractCapacityKw: 900, appliesFrom: '2026-11-01' }),
      ]),
    );
    expect(await row('Incoming supply').findByText('900 kW')).toBeInTheDocument();

    dialog = await editMain(user);
    const history = within(dialog.getByTestId('contract-history'));
    expect(history.getByRole('heading', { name: 'Contract history' })).toBeInTheDocument();
    expect(history.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'From 2026-11-01: 900 kW regular',
      'At first: 800 kW regular',
    ]);
    // The date field starts empty again: a save without one applies from the current period.
    expect(dialog.getByLabelText('Applies from (meter-reading day)')).toHaveValue('');

    await act(() => i18n.changeLanguage('zh'));
    const zh = within(screen.getByTestId('contract-history'));
    expect(zh.getByRole('heading', { name: '契約變更紀錄' })).toBeInTheDocument();
    expect(zh.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '自 2026-11-01 起: 經常契約 900 kW',
      '最初: 經常契約 800 kW',
    ]);
    expect(screen.getByLabelText('生效日（抄表日）')).toBeInTheDocument();
  });

  it('asks no date when a point is added: its first capacities hold for its whole history', async () => {
    const user = userEvent.setup();
    renderAdmin('billing', billingServer().answers);
    const add = await screen.findByRole('button', { name: 'Add billing point' });
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    const dialog = within(screen.getByRole('dialog', { name: 'Add billing point' }));
    expect(dialog.queryByLabelText('Applies from (meter-reading day)')).toBeNull();
  });

  it("shows the server's refusal of a day that is no reading day, in both languages", async () => {
    const user = userEvent.setup();
    const server = billingServer();
    server.answers[SAVE] = () => refusal(ADMIN_MESSAGES.contractChangeNotReadingDay);
    renderAdmin('billing', server.answers);
    const dialog = await editMain(user);
    await user.type(dialog.getByLabelText('Applies from (meter-reading day)'), '2026-11-20');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText(ADMIN_MESSAGES.contractChangeNotReadingDay)).toBeInTheDocument();
    await act(() => i18n.changeLanguage('zh'));
    const zh = within(screen.getByRole('dialog'));
    await user.click(zh.getByRole('button', { name: '儲存' }));
    expect(
      await zh.findByText('契約條件於抄表日變更：請選擇計費期間的第一天。'),
    ).toBeInTheDocument();
  });
});
