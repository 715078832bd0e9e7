import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { envelope } from '@/testing/network';
import { prepareOverviewTests, renderOverview } from '@/testing/overview/overview-harness';

const STATUS = '/v1/Demand/Status';
const card = () => within(screen.getByTestId('overview-demand'));

function statusBody(predictedKw: number | null, targetKw = 760) {
  return {
    ...envelope('demo@wattboard.local', STATUS),
    demand: {
      contractCapacityKw: 800,
      targetKw,
      autoShed: true,
      prediction:
        predictedKw === null
          ? null
          : {
              blockStart: new Date(Math.floor(Date.now() / 900_000) * 900_000).toISOString(),
              predictedKw,
              energySoFarKwh: 100,
              recentKw: predictedKw,
              computedAt: new Date().toISOString(),
            },
      channels: [],
    },
  };
}

describe('Overview demand card: the prediction', () => {
  prepareOverviewTests();

  it('shows this quarter hour’s prediction under the target', async () => {
    renderOverview({ answers: { [STATUS]: () => statusBody(742.4) } });
    const line = await screen.findByTestId('predicted-demand');
    await waitFor(() =>
      expect(line).toHaveTextContent(
        'Predicted this quarter hour 742.4 kW · target 760 kWunder the target',
      ),
    );
    expect(line).toHaveClass('wb-ov-predicted--under');
  });

  it('marks a prediction over the target, in 中文 too', async () => {
    renderOverview({ answers: { [STATUS]: () => statusBody(812) } });
    const line = await screen.findByTestId('predicted-demand');
    await waitFor(() => expect(line).toHaveClass('wb-ov-predicted--over'));
    expect(line).toHaveTextContent('over the target');
    await act(() => i18n.changeLanguage('zh'));
    expect(card().getByTestId('predicted-demand')).toHaveTextContent(
      '本 15 分鐘預測需量 812 kW · 目標 760 kW超過目標',
    );
    await act(() => i18n.changeLanguage('en'));
  });

  it('shows — when there is no prediction yet, keeping the card', async () => {
    renderOverview({ answers: { [STATUS]: () => statusBody(null) } });
    const line = await screen.findByTestId('predicted-demand');
    await waitFor(() => expect(line).toHaveTextContent('target 760 kW'));
    expect(line).toHaveTextContent('Predicted this quarter hour —');
    expect(line).toHaveClass('wb-ov-predicted--none');
    expect(card().getByTestId('real-time-demand')).toBeInTheDocument();
  });

  it('keeps the card when the status call fails (no target, no prediction)', async () => {
    renderOverview({ answers: { [STATUS]: () => new Response('down', { status: 503 }) } });
    expect(await card().findByTestId('real-time-demand')).toBeInTheDocument();
    expect(card().getByTestId('predicted-demand')).toHaveTextContent(
      'Predicted this quarter hour —',
    );
  });
});
