import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BillFigures, ReconciledBill } from '@wattboard/contract';
import { BILL_LINES } from '@wattboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { ok, renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import { billingServer } from '@/testing/admin/billing-points';

const LIST = '/v1/Admin/Bill/List';
const REMOVE = '/v1/Admin/Bill/Remove';

const figures = (values: Partial<BillFigures>): BillFigures => ({
  ...(Object.fromEntries(BILL_LINES.map((line) => [line, null])) as BillFigures),
  ...values,
});

/** October's bill of the main supply, 0.9 % below ours; September's of the second, close. */
const BILLS: ReconciledBill[] = [
  {
    id: 11,
    nodeId: 1,
    chName: '總進線',
    name: 'Incoming supply',
    accountNumber: '01-2345-6789-0',
    periodFrom: '2026-10-01',
    periodTo: '2026-10-31',
    entered: figures({
      kwhPeak: 52340,
      kwhOffPeak: 80000,
      maxDemandKw: 812,
      powerFactorPercent: 97,
      basicCharge: 190000,
      energyCharge: 300000,
      total: 500000,
    }),
    ours: figures({
      kwhPeak: 52500.5,
      kwhOffPeak: 80000,
      maxDemandKw: 815.2,
      powerFactorPercent: 97,
      basicCharge: 190000,
      energyCharge: 304500,
      total: 504500,
    }),
    difference: 4500,
    differencePercent: 0.9,
  },
  {
    id: 12,
    nodeId: 3,
    chName: '第二進線',
    name: 'Second supply',
    accountNumber: '',
    periodFrom: '2026-09-05',
    periodTo: '2026-10-04',
    entered: figures({ total: 20000 }),
    ours: figures({ total: 19960 }),
    difference: -40,
    differencePercent: -0.2,
  },
];

function server(initial: readonly ReconciledBill[] = BILLS) {
  const points = billingServer();
  let bills = [...initial];
  points.answers[LIST] = () => ok(LIST, { bills });
  points.answers[REMOVE] = (body) => {
    bills = bills.filter((b) => b.id !== body.billId);
    return ok(REMOVE, { bills });
  };
  // The advice panel below asks for the main point; its own tests cover it.
  points.answers['/v1/Admin/BillingPoint/Advice'] = () =>
    ok('/v1/Admin/BillingPoint/Advice', {
      nodeId: 1,
      periods: [],
      minimumKw: 100,
      current: null,
      best: null,
      yearlySaving: null,
    });
  return points.answers;
}

const rows = () => screen.getAllByTestId('admin-bill-row').map((row) => within(row));

describe('Admin › Bills', () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it('lists each bill with our total beside it and marks a difference past ±0.5 %', async () => {
    renderAdmin('bills', server());
    expect(await screen.findByRole('link', { name: 'Bills' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await screen.findAllByTestId('admin-bill-row');
    const [october, september] = rows();
    expect(october!.getByRole('rowheader')).toHaveTextContent('Incoming supply01-2345-6789-0');
    expect(october!.getByText('2026/10/01 – 2026/10/31')).toBeInTheDocument();
    expect(october!.getByText('NT$500,000')).toBeInTheDocument();
    expect(october!.getByText('NT$504,500')).toBeInTheDocument();
    expect(october!.getByText('+NT$4,500')).toBeInTheDocument();
    expect(october!.getByText('+0.90 %')).toBeInTheDocument();
    expect(october!.getByText('Outside ±0.5 %')).toBeInTheDocument();
    expect(september!.getByRole('rowheader')).toHaveTextContent('Second supplyNo account number');
    expect(september!.getByText('-NT$40.00')).toBeInTheDocument();
    expect(september!.getByText('-0.20 %')).toBeInTheDocument();
    expect(september!.queryByText('Outside ±0.5 %')).toBeNull();
  });

  it("opens a bill's lines: the bill's, ours and the difference, with their units", async () => {
    const user = userEvent.setup();
    renderAdmin('bills', server());
    await screen.findAllByTestId('admin-bill-row');
    const toggle = rows()[0]!.getByRole('button', { name: 'Lines' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const lines = within(
      screen.getByRole('table', {
        name: 'Lines of the bill of Incoming supply for 2026/10/01 – 2026/10/31',
      }),
    );
    const line = (id: string) =>
      [...within(lines.getByTestId(`bill-line-${id}`)).getAllByRole('cell')].map(
        (cell) => cell.textContent,
      );
    expect(lines.getAllByRole('row')).toHaveLength(BILL_LINES.length + 1);
    expect(line('kwhPeak')).toEqual(['52,340 kWh', '52,501 kWh', '+160.5 kWh']);
    expect(line('maxDemandKw')).toEqual(['812 kW', '815.2 kW', '+3.2 kW']);
    expect(line('powerFactorPercent')).toEqual(['97 %', '97 %', '0 %']);
    expect(line('energyCharge')).toEqual(['NT$300,000', 'NT$304,500', '+NT$4,500']);
    expect(line('penalty')).toEqual(['—', '—', '—']);
    await user.click(toggle);
    expect(screen.queryByRole('table', { name: /^Lines of the bill/ })).toBeNull();
  });

  it("names a flat tariff's kWh line all day and leaves out the time-of-use lines", async () => {
    const user = userEvent.setup();
    const flat: ReconciledBill = {
      ...BILLS[1]!,
      entered: figures({ kwhPeak: 2400, total: 20000 }),
      ours: figures({
        kwhPeak: 2441,
        kwhHalfPeak: 0,
        kwhSaturdayHalfPeak: 0,
        kwhOffPeak: 0,
        total: 19960,
      }),
      allDay: true,
    };
    renderAdmin('bills', server([BILLS[0]!, flat]));
    await screen.findAllByTestId('admin-bill-row');
    await user.click(rows()[1]!.getByRole('button', { name: 'Lines' }));
    const lines = within(
      screen.getByRole('table', { name: /^Lines of the bill of Second supply/ }),
    );
    expect(lines.getByTestId('bill-line-kwhPeak')).toHaveTextContent(/^All-day energy2,400 kWh/);
    expect(lines.queryByText('Peak energy')).toBeNull();
    for (const line of ['kwhHalfPeak', 'kwhSaturdayHalfPeak', 'kwhOffPeak']) {
      expect(lines.queryByTestId(`bill-line-${line}`)).toBeNull();
    }
    expect(lines.getAllByRole('row')).toHaveLength(BILL_LINES.length - 3 + 1);
    await act(() => i18n.changeLanguage('zh'));
    expect(await lines.findByRole('rowheader', { name: '全日度數' })).toBeInTheDocument();
    await act(() => i18n.changeLanguage('en'));
  });

  it('removes a bill after asking', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('bills', server());
    await screen.findAllByTestId('admin-bill-row');
    await user.click(rows()[1]!.getByRole('button', { name: 'Remove' }));
    const dialog = within(
      screen.getByRole('dialog', {
        name: 'Remove the bill of Second supply for 2026/09/05 – 2026/10/04?',
      }),
    );
    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    await waitFor(() =>
      expect(sentTo(network, REMOVE)).toEqual([expect.objectContaining({ billId: 12 })]),
    );
    await waitFor(() => expect(screen.getAllByTestId('admin-bill-row')).toHaveLength(1));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows the same in 中文', async () => {
    const user = userEvent.setup();
    renderAdmin('bills', server());
    await screen.findAllByTestId('admin-bill-row');
    await act(() => i18n.changeLanguage('zh'));
    expect(screen.getByRole('link', { name: '電費帳單' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '電費帳單' })).toBeInTheDocument();
    const [october, september] = rows();
    expect(october!.getByRole('rowheader')).toHaveTextContent('總進線');
    expect(october!.getByText('新臺幣 504,500 元')).toBeInTheDocument();
    expect(october!.getByText('超出 ±0.5%')).toBeInTheDocument();
    expect(september!.getByText('未設定電號')).toBeInTheDocument();
    await user.click(october!.getByRole('button', { name: '明細' }));
    const lines = within(screen.getByRole('table', { name: /帳單明細$/ }));
    expect(lines.getByRole('rowheader', { name: '尖峰度數' })).toBeInTheDocument();
    expect(lines.getByRole('rowheader', { name: '超約附加費' })).toBeInTheDocument();
    expect(lines.getByRole('columnheader', { name: '本系統' })).toBeInTheDocument();
  });

  it('says so when there is no bill yet', async () => {
    const answers = server();
    answers[LIST] = () => ok(LIST, { bills: [] });
    renderAdmin('bills', answers);
    expect(await screen.findByText('No bills yet: enter one or import a CSV.')).toBeInTheDocument();
  });
});
