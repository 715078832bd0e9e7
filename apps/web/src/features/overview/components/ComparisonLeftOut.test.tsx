import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { consumeRatioBody } from '@/testing/overview/overview-fixtures';
import { CALLS, prepareOverviewTests, renderOverview } from '@/testing/overview/overview-harness';

/** The Office (11) feeds back 12.3 kWh more than it used over the week, as a solar meter would. */
function officeExports(body: Record<string, unknown>) {
  const answer = consumeRatioBody(body);
  const items = answer.pieChartData.items.map((item) =>
    item.id === 11 ? { ...item, kwh: -12.3, co2: -5.83 } : item,
  );
  return { ...answer, pieChartData: { ...answer.pieChartData, items } };
}

describe('Consumption Comparison, channels the pie cannot draw', () => {
  prepareOverviewTests();

  it('says which chosen channel is not in the pie and why', async () => {
    renderOverview({ answers: { [CALLS.ratio]: officeExports } });
    const comparison = within(await screen.findByTestId('overview-comparison'));
    const note = await comparison.findByTestId('comparison-left-out');
    expect(note).toHaveTextContent(
      'Office is not in the pie: it exported more than it used (-12.3 kWh).',
    );
    const legend = comparison.getByRole('list', { name: 'Pie' });
    expect(legend).toHaveTextContent('Production Area');
    expect(legend).not.toHaveTextContent('Office');
  });

  it('says so in Traditional Chinese', async () => {
    await i18n.changeLanguage('zh');
    renderOverview({ answers: { [CALLS.ratio]: officeExports } });
    const comparison = within(await screen.findByTestId('overview-comparison'));
    expect(await comparison.findByTestId('comparison-left-out')).toHaveTextContent(
      '辦公室 未列入圓餅圖：回送電量多於用電量（-12.3 kWh）。',
    );
  });

  it('adds no note when every chosen channel has a slice', async () => {
    renderOverview();
    const comparison = within(await screen.findByTestId('overview-comparison'));
    await comparison.findByText(/Unmetered \/ other/);
    expect(comparison.queryByTestId('comparison-left-out')).not.toBeInTheDocument();
  });
});
