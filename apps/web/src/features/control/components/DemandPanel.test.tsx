import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { groupsShown, prepareControlTests, renderControl } from '@/testing/control/control-harness';
import { demandFixture as demand } from '@/testing/control/fixtures';

const STATUS = '/v1/Demand/Status';
const PRIORITY = '/v1/Channel/ShedPriority/Update';

const envelope = (action: string) => ({
  action,
  statusCode: 200,
  email: 'demo@wattboard.local',
  username: 'demo',
  token: null,
  dtTokenExpire: null,
});

describe('Control page: demand management', () => {
  prepareControlTests();

  it('shows the predicted demand against the target, what is shed, and saves a shed priority', async () => {
    const { bodies } = renderControl({
      answers: {
        [STATUS]: () => ({ ...envelope(STATUS), demand: demand(781.4, 3, true) }),
        [PRIORITY]: (body) => ({
          ...envelope(PRIORITY),
          demand: demand(781.4, body.shedPriority as number | null, true),
        }),
      },
    });
    await groupsShown();
    const panel = within(await screen.findByTestId('demand-panel'));
    expect(panel.getByTestId('demand-figures')).toHaveTextContent(
      'Predicted 15-minute demand 781.4 kW · target 760 kW Over the target',
    );
    expect(panel.getByTestId('demand-shed')).toHaveTextContent('Shed now: Workshop Lighting');
    const row = within(screen.getByTestId('channel-11'));
    expect(row.getByTestId('channel-shed')).toHaveTextContent('Shed');
    const select = row.getByRole('combobox', { name: 'Shed priority of Workshop Lighting' });
    expect(select).toHaveValue('3');
    await userEvent.selectOptions(select, '');
    await waitFor(() => expect(bodies(PRIORITY)).toHaveLength(1));
    expect(bodies(PRIORITY)[0]).toMatchObject({ channelScheduleId: 11, shedPriority: null });
    await waitFor(() => expect(select).toHaveValue(''));
  });

  it('lists the points with their own capacity, over their target or without a prediction', async () => {
    const node = (nodeId: number, name: string, predictedKw: number | null) => ({
      nodeId,
      name,
      chName: name,
      capacityKw: 100,
      targetKw: 95,
      predictedKw,
    });
    renderControl({
      answers: {
        [STATUS]: () => ({
          ...envelope(STATUS),
          demand: {
            ...demand(500, null, false),
            // No contract capacity: the panel still shows the points.
            contractCapacityKw: null,
            targetKw: null,
            nodes: [node(4, 'Chiller', 120.44), node(5, 'CNC Line A Meter', null)],
          },
        }),
      },
    });
    await groupsShown();
    const panel = within(await screen.findByTestId('demand-panel'));
    expect(panel.queryByTestId('demand-figures')).toBeNull();
    const items = within(panel.getByTestId('demand-nodes')).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Chiller: predicted 120.4 kW · target 95 kW Over the target',
      'CNC Line A Meter: no prediction yet · target 95 kW',
    ]);
  });

  it('a server without demand management leaves the page as it was', async () => {
    renderControl();
    await groupsShown();
    expect(screen.queryByTestId('demand-panel')).toBeNull();
    expect(screen.queryByRole('combobox', { name: /Shed priority/ })).toBeNull();
  });
});
