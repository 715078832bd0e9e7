import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { costSummaryQueryOptions } from '../api/cost-summary';
import { refreshesOnPush } from '../api/live-refresh';
import { billingPointBill, costSummaryBody } from '@/testing/overview/cost-fixtures';
import { TODAY } from '@/testing/overview/overview-fixtures';
import { CALLS, prepareOverviewTests, renderOverview } from '@/testing/overview/overview-harness';

const card = () => within(screen.getByTestId('overview-cost'));

describe('Overview cost card', () => {
  prepareOverviewTests();

  it('shows today, the month, the projected bill, demand charge and penalty with the peak', async () => {
    const { bodies } = renderOverview();
    expect(await screen.findByTestId('cost-today')).toHaveTextContent('NT$4,821');
    expect(card().getByTestId('cost-month')).toHaveTextContent('NT$98,765');
    expect(card().getByTestId('cost-projected')).toHaveTextContent('NT$331,120');
    expect(card().getByTestId('cost-basic')).toHaveTextContent('NT$188,960');
    expect(card().getByTestId('cost-penalty')).toHaveTextContent('None');
    expect(card().getByTestId('cost-total')).toHaveTextContent('NT$287,725');
    expect(card().getByTestId('cost-peak')).toHaveTextContent(
      "This month's peak 655 kW is 81.9% of the contract capacity 800 kW.",
    );
    expect(
      card().getByText('Projected at NT$4,340 a day: the average of the last full days (7).'),
    ).toBeInTheDocument();
    expect(
      card().getByText('Tariff: Taipower high-voltage three-stage TOU (model)'),
    ).toBeInTheDocument();
    expect(card().getByText('1,235 kWh')).toBeInTheDocument();
    expect(bodies(CALLS.cost).at(-1)).toMatchObject({ factoryId: 0, action: CALLS.cost });
  });

  it('shows the penalty and the kW over the contract in 中文', async () => {
    renderOverview({
      answers: {
        [CALLS.cost]: () =>
          costSummaryBody({
            month: { peakDemandKw: 880, penalty: 18896, projectionBasisDays: 0 },
          }),
      },
    });
    await screen.findByTestId('cost-today');
    await act(() => i18n.changeLanguage('zh'));
    expect(card().getByRole('heading', { name: '電費' })).toBeInTheDocument();
    expect(card().getByTestId('cost-today')).toHaveTextContent('新臺幣 4,821 元');
    expect(card().getByTestId('cost-penalty')).toHaveTextContent('新臺幣 18,896 元');
    expect(card().getByTestId('cost-peak')).toHaveTextContent(
      '本月最高需量 880 kW，超出契約容量 800 kW 達 80 kW（110%）。',
    );
    expect(card().getByText('以每日 新臺幣 4,340 元 推估（依今日至今）。')).toBeInTheDocument();
    expect(card().getByText('電價：台電高壓三段式時間電價（模型）')).toBeInTheDocument();
  });

  // Issue #23 item 1: "新臺幣 932,050 元" ran out of the card at 1366 px.
  it('shows 10,000 or more compactly, the full amount on hover and for screen readers', async () => {
    renderOverview({
      answers: {
        [CALLS.cost]: () =>
          costSummaryBody({ todayCost: 968.41, month: { projectedTotal: 932050 } }),
      },
    });
    await screen.findByTestId('cost-today');
    await act(() => i18n.changeLanguage('zh'));
    const projected = card().getByTestId('cost-projected');
    const shown = within(projected).getByText('新臺幣 93.2 萬元');
    expect(shown).toHaveAttribute('aria-hidden', 'true');
    expect(shown.parentElement).toHaveAttribute('title', '新臺幣 932,050 元');
    expect(within(projected).getByText('新臺幣 932,050 元')).toHaveClass('wb-visually-hidden');
    // Under 10,000 the full amount is the only text.
    expect(card().getByTestId('cost-today')).toHaveTextContent(/^新臺幣 968\.41 元$/);

    await act(() => i18n.changeLanguage('en'));
    expect(within(projected).getByText('NT$932.1K')).toHaveAttribute('aria-hidden', 'true');
    expect(within(projected).getByText('NT$932,050')).toHaveClass('wb-visually-hidden');
  });

  it("shows the main point's billing period, and no list for a single billing point", async () => {
    renderOverview({
      answers: {
        [CALLS.cost]: () =>
          costSummaryBody({ month: { periodFrom: '2026-11-05', periodTo: '2026-12-04' } }),
      },
    });
    expect(await screen.findByTestId('cost-period')).toHaveTextContent(
      'Billing period 2026/11/05 – 2026/12/04',
    );
    expect(card().queryByRole('region', { name: 'By billing point' })).toBeNull();
  });

  it('lists each billing point with its own period, bill so far and penalty (issue #24)', async () => {
    const second = billingPointBill({
      nodeId: 30,
      name: 'Second supply',
      chName: '第二進線',
      main: false,
      periodFrom: '2026-11-05',
      periodTo: '2026-12-04',
      penalty: 43227.1,
      total: 61234.5,
    });
    renderOverview({
      answers: {
        [CALLS.cost]: () =>
          costSummaryBody({ billingPoints: [billingPointBill({ total: 8765.4 }), second] }),
      },
    });
    const list = within(await card().findByRole('region', { name: 'By billing point' }));
    const [main, other] = list.getAllByTestId('cost-point').map((li) => within(li));
    expect(main!.getByText('Incoming supply')).toBeInTheDocument();
    expect(main!.getByText('NT$8,765')).toBeInTheDocument();
    expect(main!.getByText('2026/11/01 – 2026/11/30')).toBeInTheDocument();
    expect(main!.queryByText(/penalty/)).toBeNull();
    expect(other!.getByText('Second supply')).toBeInTheDocument();
    expect(other!.getByText('2026/11/05 – 2026/12/04')).toBeInTheDocument();
    expect(other!.getByText('NT$61.2K')).toHaveAttribute('aria-hidden', 'true');
    expect(other!.getByText('incl. penalty NT$43,227')).toBeInTheDocument();
    // The card's peak and contract are the main point's: with several points it says whose.
    expect(card().getByTestId('cost-peak')).toHaveTextContent(
      /^Incoming supply: This month's peak/,
    );

    await act(() => i18n.changeLanguage('zh'));
    expect(card().getByTestId('cost-period')).toHaveTextContent('計費期間 2026/11/01 – 2026/11/30');
    const zh = within(card().getByRole('region', { name: '各電號' }));
    expect(zh.getByText('第二進線')).toBeInTheDocument();
    expect(zh.getByText('含超約附加費 新臺幣 43,227 元')).toBeInTheDocument();
    expect(card().getByTestId('cost-peak')).toHaveTextContent(/^總進線：本月最高需量/);
  });

  it('says so when the factory has no tariff or no contract capacity', async () => {
    renderOverview({ answers: { [CALLS.cost]: () => costSummaryBody({ tariff: false }) } });
    expect(
      await card().findByText('No tariff is set for this factory; the Admin can set one.'),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('cost-today')).toBeNull();
  });

  it('explains a missing contract capacity', async () => {
    renderOverview({
      answers: {
        [CALLS.cost]: () =>
          costSummaryBody({
            month: { contractCapacityKw: null, basicCharge: null, penalty: null },
          }),
      },
    });
    expect(await screen.findByTestId('cost-peak')).toHaveTextContent(
      'No contract capacity is set, so there is no demand charge.',
    );
    expect(card().getByTestId('cost-basic')).toHaveTextContent('—');
  });

  it('reserves its loaded height while loading', async () => {
    renderOverview({ answers: { [CALLS.cost]: () => new Promise<never>(() => {}) } });
    const loading = await card().findByRole('status');
    expect(loading).toHaveClass('wb-state--skeleton');
    expect(loading.style.minHeight).toBe('var(--wb-ov-cost-height)');
  });

  it('is refreshed by a live push like the rest of the Overview', () => {
    expect(refreshesOnPush(costSummaryQueryOptions('a@b.c').queryKey, TODAY)).toBe(true);
  });
});
