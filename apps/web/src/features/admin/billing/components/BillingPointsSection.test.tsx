import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_MESSAGES } from '@wattboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { refusal, renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import { billingServer } from '@/testing/admin/billing-points';

const SAVE = '/v1/Admin/BillingPoint/Save';
const REMOVE = '/v1/Admin/BillingPoint/Remove';

const rows = () => screen.getAllByTestId('admin-billing-row').map((row) => within(row));
const row = (name: string) => within(screen.getByRole('row', { name: new RegExp(`^${name}`) }));

describe('Admin › Billing points', () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it('lists the points with the main one marked, explains the period and warns of energy on no bill', async () => {
    renderAdmin('billing', billingServer().answers);
    expect(await screen.findByRole('link', { name: 'Billing points' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await screen.findAllByTestId('admin-billing-row');
    const [main, second] = rows();
    expect(main!.getByRole('rowheader')).toHaveTextContent('Incoming supplyMain');
    expect(main!.getByText('800 kW')).toBeInTheDocument();
    expect(main!.getByText('Day 1')).toBeInTheDocument();
    expect(main!.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(second!.getByText('Not set')).toBeInTheDocument();
    expect(second!.getByText('Day 5')).toBeInTheDocument();
    expect(second!.getByText('12-34-5678-90-1')).toBeInTheDocument();
    expect(second!.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(screen.getByText(/runs from the meter-reading day to the day before it/)).toBeVisible();
    expect(screen.getByText(/also the Factory section's/)).toBeVisible();
    const warning = within(screen.getByTestId('billing-uncovered'));
    expect(warning.getByText('Energy on no bill')).toBeInTheDocument();
    expect(warning.getByRole('listitem')).toHaveTextContent('Dormitory');
  });

  it('shows the same in 中文', async () => {
    renderAdmin('billing', billingServer().answers);
    await screen.findAllByTestId('admin-billing-row');
    await act(() => i18n.changeLanguage('zh'));
    expect(screen.getByRole('link', { name: '電號' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '電號（計費點）' })).toBeInTheDocument();
    const [main, second] = rows();
    expect(main!.getByRole('rowheader')).toHaveTextContent('總進線主電號');
    expect(second!.getByRole('rowheader')).toHaveTextContent('第二進線');
    expect(second!.getByText('未設定')).toBeInTheDocument();
    expect(second!.getByText('每月 5 日')).toBeInTheDocument();
    const warning = within(screen.getByTestId('billing-uncovered'));
    expect(warning.getByText('未計入任何帳單的用電')).toBeInTheDocument();
    expect(warning.getByRole('listitem')).toHaveTextContent('宿舍');
  });

  it('adds a point chosen among those not billed yet, and it covers its energy', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('billing', billingServer().answers);
    const add = await screen.findByRole('button', { name: 'Add billing point' });
    await waitFor(() => expect(add).toBeEnabled());
    await user.click(add);
    const dialog = within(screen.getByRole('dialog', { name: 'Add billing point' }));
    // Not the billed supplies, the meter under the main one, nor the retired line.
    const options = dialog.getAllByRole('option').map((o) => o.textContent);
    expect(options).toEqual(['Dormitory']);
    await user.type(dialog.getByLabelText('Contract capacity (kW)'), '150');
    const day = dialog.getByLabelText('Meter-reading day (1–28)');
    await user.clear(day);
    await user.type(day, '12');
    await user.type(dialog.getByLabelText('Account number (電號)'), ' 01-23-4567-89-0 ');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentTo(network, SAVE)).toEqual([
        expect.objectContaining({
          nodeId: 4,
          contractCapacityKw: 150,
          meterReadingDay: 12,
          accountNumber: '01-23-4567-89-0',
        }),
      ]),
    );
    expect(await screen.findByRole('row', { name: /^Dormitory/ })).toBeInTheDocument();
    expect(row('Dormitory').getByText('Day 12')).toBeInTheDocument();
    expect(screen.queryByTestId('billing-uncovered')).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('checks the fields before sending', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('billing', billingServer().answers);
    await screen.findAllByTestId('admin-billing-row');
    await user.click(row('Second supply').getByRole('button', { name: 'Edit' }));
    const dialog = within(screen.getByRole('dialog'));
    const day = dialog.getByLabelText('Meter-reading day (1–28)');
    await user.clear(day);
    await user.type(day, '31');
    await user.type(dialog.getByLabelText('Account number (電號)'), 'A');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Must be at most 28.')).toBeInTheDocument();
    expect(dialog.getByText('Only digits, spaces and dashes.')).toBeInTheDocument();
    expect(sentTo(network, SAVE)).toEqual([]);
  });

  it("edits a point's terms, the main one's capacity too", async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('billing', billingServer().answers);
    await screen.findAllByTestId('admin-billing-row');
    await user.click(row('Incoming supply').getByRole('button', { name: 'Edit' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Billing point: Incoming supply' }));
    expect(dialog.queryByRole('combobox')).toBeNull();
    expect(dialog.getByText(/Also the Factory section's contract capacity/)).toBeInTheDocument();
    const capacity = dialog.getByLabelText('Contract capacity (kW)');
    expect(capacity).toHaveValue('800');
    await user.clear(capacity);
    await user.type(capacity, '650');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentTo(network, SAVE)).toEqual([
        expect.objectContaining({
          nodeId: 1,
          contractCapacityKw: 650,
          meterReadingDay: 1,
          accountNumber: '',
        }),
      ]),
    );
    expect(await row('Incoming supply').findByText('650 kW')).toBeInTheDocument();
  });

  it('saves the other contract types beside the regular one and lists them', async () => {
    const user = userEvent.setup();
    const server = billingServer();
    const { network } = renderAdmin('billing', server.answers);
    await screen.findAllByTestId('admin-billing-row');
    await user.click(row('Incoming supply').getByRole('button', { name: 'Edit' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Billing point: Incoming supply' }));
    const others = within(dialog.getByRole('group', { name: 'Other contract types (kW)' }));
    await user.type(others.getByLabelText('Half-peak'), '100');
    await user.type(others.getByLabelText('Off-peak'), '-5');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('Must be 0 or more.')).toBeInTheDocument();
    expect(sentTo(network, SAVE)).toEqual([]);
    await user.clear(others.getByLabelText('Off-peak'));
    await user.type(others.getByLabelText('Off-peak'), '600');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(sentTo(network, SAVE)).toEqual([
        expect.objectContaining({
          nodeId: 1,
          contractCapacityKw: 800,
          otherContractsKw: { halfPeak: 100, nonSummer: 0, saturdayHalfPeak: 0, offPeak: 600 },
        }),
      ]),
    );
    const main = row('Incoming supply');
    expect(await main.findByText('Half-peak 100 kW')).toBeInTheDocument();
    expect(main.getByText('Off-peak 600 kW')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('zh'));
    expect(await row('總進線').findByText('離峰 600 kW')).toBeInTheDocument();
  });

  it('removes a point after asking; its supply is then on no bill', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('billing', billingServer().answers);
    await screen.findAllByTestId('admin-billing-row');
    await user.click(row('Second supply').getByRole('button', { name: 'Remove' }));
    const dialog = within(
      screen.getByRole('dialog', { name: 'Remove the billing point Second supply?' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(sentTo(network, REMOVE)).toEqual([expect.objectContaining({ nodeId: 3 })]),
    );
    await waitFor(() => expect(screen.getAllByTestId('admin-billing-row')).toHaveLength(1));
    const warning = within(screen.getByTestId('billing-uncovered'));
    expect(warning.getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Second supply',
      'Dormitory',
    ]);
  });

  it("shows the server's refusal in the page's language and keeps the form", async () => {
    const user = userEvent.setup();
    const server = billingServer();
    server.answers[SAVE] = () => refusal(ADMIN_MESSAGES.billingPointNested);
    renderAdmin('billing', server.answers);
    await screen.findAllByTestId('admin-billing-row');
    await user.click(row('Second supply').getByRole('button', { name: 'Edit' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(
      await within(screen.getByRole('dialog')).findByText(ADMIN_MESSAGES.billingPointNested),
    ).toHaveAttribute('role', 'alert');

    await act(() => i18n.changeLanguage('zh'));
    const dialog = within(screen.getByRole('dialog', { name: '電號：第二進線' }));
    await user.click(dialog.getByRole('button', { name: '儲存' }));
    expect(
      await dialog.findByText('電號不能位於另一個電號之上或之下：其用電會被重複計費。'),
    ).toBeInTheDocument();
  });
});
