import { act, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { overviewBody } from '@/testing/overview/overview-fixtures';
import { CALLS, prepareOverviewTests, renderOverview } from '@/testing/overview/overview-harness';

const group = (id: number, groupName: string, groupChName: string) => ({
  controlMode: 'Switch',
  deviceModelName: 'Relay-8',
  status: 'on',
  channelGroupId: id,
  groupName,
  groupChName,
  isOn: true,
  details: [],
});

describe('Overview › Controls, group names', () => {
  prepareOverviewTests();

  it("names each group in the page's language, falling back to the other name", async () => {
    renderOverview({
      answers: {
        [CALLS.overview]: () =>
          overviewBody({
            controls: [group(1, 'Lighting', '照明'), group(2, 'Spare relays', '')],
          }),
      },
    });
    const card = within(await screen.findByTestId('overview-controls'));
    expect(await card.findByText('Lighting')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('zh'));
    expect(card.getByText('照明')).toBeInTheDocument();
    expect(card.queryByText('Lighting')).not.toBeInTheDocument();
    expect(card.getByText('Spare relays')).toBeInTheDocument();
  });
});
