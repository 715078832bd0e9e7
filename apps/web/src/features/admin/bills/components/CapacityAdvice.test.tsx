import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_MESSAGES } from '@wattboard/contract';
import type { AdminBillingPointAdviceResponse } from '@wattboard/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { ok, refusal, renderAdmin, sentTo } from '@/testing/admin/admin-harness';
import type { Answers } from '@/testing/admin/admin-harness';
import { billingServer } from '@/testing/admin/billing-points';

const ADVICE = '/v1/Admin/BillingPoint/Advice';

const NO_OTHERS = { halfPeak: 0, nonSummer: 0, saturdayHalfPeak: 0, offPeak: 0 };

/**
 * The main supply (800 kW regular) over three periods peaking at 610, 655 and
 * 700 kW: 650 kW regular alone would have cost less; 610 kW regular with 60 kW
 * half-peak less still, exceeded once, in the third.
 */
const MAIN_ADVICE: Omit<
  AdminBillingPointAdviceResponse,
  'action' | 'statusCode' | 'email' | 'username' | 'token' | 'dtTokenExpire'
> = {
  nodeId: 1,
  periods: [
    { from: '2026-07-01', to: '2026-07-31', peakKw: 610, basicRatePerKw: 236.2 },
    { from: '2026-08-01', to: '2026-08-31', peakKw: 655.5, basicRatePerKw: 236.2 },
    { from: '2026-09-01', to: '2026-09-30', peakKw: 700, basicRatePerKw: 236.2 },
  ],
  minimumKw: 100,
  current: {
    capacityKw: 800,
    otherContractsKw: NO_OTHERS,
    basicCharge: 566880,
    penalty: 0,
    total: 566880,
    penalised: [],
  },
  best: {
    capacityKw: 650,
    otherContractsKw: NO_OTHERS,
    basicCharge: 460590,
    penalty: 23620,
    total: 484210,
    penalised: [{ from: '2026-09-01', to: '2026-09-30', peakKw: 700, penalty: 23620 }],
  },
  yearlySaving: 330680,
  contractTypes: ['regular', 'halfPeak', 'saturdayHalfPeak', 'offPeak'],
  bestCombination: {
    capacityKw: 610,
    otherContractsKw: { ...NO_OTHERS, halfPeak: 60 },
    basicCharge: 450000,
    penalty: 10000,
    total: 460000,
    penalised: [{ from: '2026-09-01', to: '2026-09-30', peakKw: 700, penalty: 10000 }],
  },
  combinationYearlySaving: 427520,
  installedContract: false,
};

function server(): Answers {
  const { answers } = billingServer();
  answers['/v1/Admin/Bill/List'] = () => ok('/v1/Admin/Bill/List', { bills: [] });
  answers[ADVICE] = (body) =>
    body.nodeId === 1
      ? ok(ADVICE, MAIN_ADVICE)
      : // The second supply: no complete period with data yet.
        ok(ADVICE, {
          ...MAIN_ADVICE,
          nodeId: 3,
          periods: [],
          current: null,
          best: null,
          yearlySaving: null,
          bestCombination: null,
          combinationYearlySaving: null,
        });
  return answers;
}

const panel = () => within(screen.getByTestId('capacity-advice'));

describe('Admin › Bills: contract capacity advice', () => {
  beforeAll(async () => {
    await import('@/features/admin/components/AdminPage');
  });

  it("shows the main point's periods, the current contract against the advised combination and the saving", async () => {
    renderAdmin('bills', server());
    const compare = within(
      await within(await screen.findByTestId('capacity-advice')).findByTestId('advice-compare'),
    );
    const row = (name: string) =>
      within(compare.getByRole('rowheader', { name }).closest('tr')!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    // A row for each type the tariff prices, non-summer not among them (three-stage).
    expect(row('Regular')).toEqual(['800 kW', '610 kW']);
    expect(row('Half-peak')).toEqual(['0 kW', '60 kW']);
    expect(row('Saturday half-peak')).toEqual(['0 kW', '0 kW']);
    expect(row('Off-peak')).toEqual(['0 kW', '0 kW']);
    expect(compare.queryByRole('rowheader', { name: 'Non-summer' })).toBeNull();
    expect(row('Basic charge')).toEqual(['NT$566,880', 'NT$450,000']);
    expect(row('Over-contract charge')).toEqual(['NT$0.00', 'NT$10,000']);
    expect(row('Total over 3 periods')).toEqual(['NT$566,880', 'NT$460,000']);
    expect(panel().getByTestId('advice-saving')).toHaveTextContent('Yearly saving:NT$427,520');
    expect(panel().getByTestId('advice-regular-only')).toHaveTextContent(
      'Changing the regular capacity alone, the other types kept: 650 kW, saving NT$330,680 a year.',
    );
    // Three periods, not twelve: the yearly figure says it is scaled up.
    expect(panel().getByTestId('advice-scaled')).toHaveTextContent(
      'Scaled to a year from 3 billing periods',
    );
    expect(panel().getByText(/The cheapest combination of every contract type/)).toHaveTextContent(
      '100 kW',
    );
    expect(panel().getByRole('listitem')).toHaveTextContent(
      '2026/09/01 – 2026/09/30: peak 700 kW, over-contract charge NT$10,000',
    );
    const periods = within(panel().getByTestId('advice-periods'));
    expect(periods.getAllByRole('row')).toHaveLength(4);
    expect(periods.getByText('655.5 kW')).toBeInTheDocument();
    expect(periods.getAllByText('NT$236.20 / kW')).toHaveLength(3);
  });

  it('says there is not enough history for a point without a complete period', async () => {
    const user = userEvent.setup();
    const { network } = renderAdmin('bills', server());
    await within(await screen.findByTestId('capacity-advice')).findByTestId('advice-compare');
    await user.selectOptions(panel().getByLabelText('Billing point'), 'Second supply');
    expect(
      await panel().findByText('Not enough history yet: no complete billing period with data.'),
    ).toBeInTheDocument();
    expect(panel().queryByTestId('advice-compare')).toBeNull();
    expect(sentTo(network, ADVICE).map((body) => body.nodeId)).toEqual([1, 3]);
  });

  it('a tariff without contract-type rates: the regular contract only, no second proposal', async () => {
    const answers = server();
    const regularOnly = { ...MAIN_ADVICE.best!, penalised: [] };
    answers[ADVICE] = () =>
      ok(ADVICE, {
        ...MAIN_ADVICE,
        contractTypes: ['regular'],
        bestCombination: regularOnly,
        combinationYearlySaving: MAIN_ADVICE.yearlySaving,
      });
    renderAdmin('bills', answers);
    const compare = within(
      await within(await screen.findByTestId('capacity-advice')).findByTestId('advice-compare'),
    );
    expect(compare.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual([
      'Regular',
      'Basic charge',
      'Over-contract charge',
      'Total over 3 periods',
    ]);
    expect(panel().getByTestId('advice-saving')).toHaveTextContent('Yearly saving:NT$330,680');
    expect(panel().queryByTestId('advice-regular-only')).toBeNull();
    expect(
      panel().getByText(
        'The advised capacity would not have been exceeded in any of these periods.',
      ),
    ).toBeInTheDocument();
  });

  it('reads in 中文, and a refusal is said in words', async () => {
    const answers = server();
    renderAdmin('bills', answers);
    await within(await screen.findByTestId('capacity-advice')).findByTestId('advice-compare');
    await act(() => i18n.changeLanguage('zh'));
    expect(panel().getByRole('heading', { name: '契約容量建議' })).toBeInTheDocument();
    expect(panel().getByTestId('advice-saving')).toHaveTextContent('每年可節省：新臺幣 427,520 元');
    expect(panel().getByText(/依電價所列之各契約種類/)).toBeInTheDocument();
    expect(panel().getByRole('rowheader', { name: '半尖峰' })).toBeInTheDocument();
    expect(panel().getByTestId('advice-regular-only')).toHaveTextContent(
      '若只調整經常契約（其他契約種類不變）：650 kW，每年可節省新臺幣 330,680 元。',
    );
    expect(panel().getByRole('rowheader', { name: '超約附加費' })).toBeInTheDocument();

    answers[ADVICE] = () => refusal(ADMIN_MESSAGES.notBillingPoint);
    await userEvent.setup().selectOptions(panel().getByRole('combobox'), '第二進線');
    expect(await panel().findByText('此監測點不是電號。')).toHaveAttribute('role', 'alert');
  });

  it('says there is nothing to advise on an installed-capacity contract', async () => {
    const answers = server();
    answers[ADVICE] = () =>
      ok(ADVICE, {
        ...MAIN_ADVICE,
        best: null,
        yearlySaving: null,
        bestCombination: null,
        combinationYearlySaving: null,
        installedContract: true,
      });
    renderAdmin('bills', answers);
    expect(await screen.findByText(/installed-capacity contract \(裝置契約\)/)).toBeInTheDocument();
  });
});
