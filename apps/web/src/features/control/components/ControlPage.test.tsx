import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { groupFixture, messageBody } from '@/testing/control/fixtures';
import {
  CONTROL_CALLS,
  groupsShown,
  heldAnswer,
  prepareControlTests,
  renderControl,
  serverFault,
} from '@/testing/control/control-harness';

const group = (id: number) => within(screen.getByTestId(`group-${id}`));
const channel = (id: number) => within(screen.getByTestId(`channel-${id}`));

describe('Control page', () => {
  prepareControlTests();

  it('lists groups with master switch, methods, channels, actions and reported status with its time', async () => {
    renderControl();
    await groupsShown();
    expect(group(1).getByRole('heading', { name: 'Lighting' })).toBeInTheDocument();
    expect(group(1).getByText('Switch')).toBeInTheDocument();
    expect(group(2).getByText('Ir Control')).toBeInTheDocument();
    expect(group(1).getByRole('switch', { name: 'Master switch of Lighting' })).toBeChecked();
    expect(group(3).getByText('No channels in this group.')).toBeInTheDocument();
    expect(channel(11).getByRole('combobox', { name: 'Action of Workshop Lighting' })).toHaveValue(
      'timer',
    );
    // 05:30 UTC is 13:30 in Taipei on the factory's today; yesterday's carries its date.
    await waitFor(() =>
      expect(channel(11).getByTestId('channel-status')).toHaveTextContent('On since 13:30'),
    );
    expect(channel(12).getByTestId('channel-status')).toHaveTextContent(
      'Offline last confirmed 2026/11/20 22:00',
    );
    expect(channel(21).getByTestId('channel-status')).toHaveTextContent(/^Off$/);
  });

  it('shows names and strings in Traditional Chinese', async () => {
    await i18n.changeLanguage('zh');
    renderControl();
    await groupsShown();
    expect(screen.getByText('廠房照明')).toBeInTheDocument();
    // Group names in Chinese too; a group without one (Spare relays) falls back to its English name.
    expect(group(1).getByRole('heading', { name: '照明' })).toBeInTheDocument();
    expect(group(1).getByRole('switch', { name: /照明/ })).toBeInTheDocument();
    expect(group(2).getByRole('heading', { name: '空調' })).toBeInTheDocument();
    expect(group(3).getByRole('heading', { name: 'Spare relays' })).toBeInTheDocument();
    expect(group(2).getByText('紅外線控制')).toBeInTheDocument();
    expect(channel(11).getByRole('combobox', { name: '廠房照明 的動作' })).toBeInTheDocument();
    expect(await screen.findByLabelText('模式')).toBeInTheDocument();
  });

  it('switches a master switch at once, before the server answers, and keeps it when it agrees', async () => {
    const user = userEvent.setup();
    const update = heldAnswer(() => messageBody('/v1/Channel/Group/Update'));
    let lighting = true;
    const { bodies } = renderControl({
      answers: {
        [CONTROL_CALLS.groupStatus]: update.answer,
        [CONTROL_CALLS.groups]: () => {
          const body = groupFixture();
          body.groupList[0]!.isOn = lighting;
          return body;
        },
      },
    });
    await groupsShown();
    const master = group(1).getByRole('switch', { name: 'Master switch of Lighting' });
    await user.click(master);
    await waitFor(() => expect(master).not.toBeChecked());
    expect(screen.getByText('Off: every channel of this group is held off.')).toBeInTheDocument();
    expect(bodies(CONTROL_CALLS.groupStatus)).toEqual([
      expect.objectContaining({
        factoryId: 0,
        groupUpdateList: [{ channelGroupId: 1, isOn: false }],
      }),
    ]);
    lighting = false;
    update.release();
    expect(await screen.findByText('Master switch changed.')).toBeInTheDocument();
    expect(master).not.toBeChecked();
  });

  it('shows a switch as pending until the device confirms it, from the master switch at once', async () => {
    const user = userEvent.setup();
    const update = heldAnswer(() => messageBody('/v1/Channel/Group/Update'));
    renderControl({
      answers: {
        [CONTROL_CALLS.groupStatus]: update.answer,
        [CONTROL_CALLS.groups]: () => {
          const body = groupFixture();
          Object.assign(body.channelScheduleList[1]!, { status: 'off', pendingState: 'on' });
          return body;
        },
      },
    });
    await groupsShown();
    expect(channel(12).getByTestId('channel-pending')).toHaveTextContent(
      'Pending: switching on, waiting for the device',
    );
    expect(channel(11).queryByTestId('channel-pending')).not.toBeInTheDocument();
    await user.click(group(1).getByRole('switch', { name: 'Master switch of Lighting' }));
    await waitFor(() =>
      expect(channel(11).getByTestId('channel-pending')).toHaveTextContent(
        'Pending: switching off, waiting for the device',
      ),
    );
    update.release();
  });

  it('says a switch is pending in Traditional Chinese', async () => {
    await i18n.changeLanguage('zh');
    renderControl({
      answers: {
        [CONTROL_CALLS.groups]: () => {
          const body = groupFixture();
          Object.assign(body.channelScheduleList[1]!, { status: 'off', pendingState: 'on' });
          return body;
        },
      },
    });
    await groupsShown();
    expect(channel(12).getByTestId('channel-pending')).toHaveTextContent(
      '待確認：開啟中，等待裝置回報',
    );
  });

  it('rolls a failed action change back and says so', async () => {
    const user = userEvent.setup();
    const { bodies } = renderControl({
      answers: { [CONTROL_CALLS.channelStatus]: () => serverFault() },
    });
    await groupsShown();
    const select = channel(11).getByRole('combobox', { name: 'Action of Workshop Lighting' });
    await user.selectOptions(select, 'off');
    expect(await screen.findByText('The action could not be changed.')).toBeInTheDocument();
    expect(select).toHaveValue('timer');
    expect(bodies(CONTROL_CALLS.channelStatus)[0]).toMatchObject({
      channelUpdateList: [{ channelScheduleId: 11, action: 'off' }],
    });
  });

  it('moves a channel to another group of the same type', async () => {
    const user = userEvent.setup();
    const update = heldAnswer(() => messageBody('/v1/Channel/Group/Update'));
    const { bodies } = renderControl({ answers: { [CONTROL_CALLS.channelInfo]: update.answer } });
    await groupsShown();
    await user.selectOptions(
      channel(11).getByRole('combobox', { name: 'Group of Workshop Lighting' }),
      '3',
    );
    await waitFor(() => expect(group(3).getByText('Workshop Lighting')).toBeInTheDocument());
    expect(bodies(CONTROL_CALLS.channelInfo)[0]).toMatchObject({
      channelUpdateList: [{ channelScheduleId: 11, channelGroupId: 3, action: 'timer' }],
    });
    // The IR unit has no other group of its kind: no move selector.
    expect(channel(21).queryByRole('combobox', { name: /Group of/ })).toBeNull();
    update.release();
    expect(await screen.findByText('Channel moved.')).toBeInTheDocument();
  });

  it('offers IR options only on IR channels and honours the fan-mode condition', async () => {
    const user = userEvent.setup();
    const update = heldAnswer(() => messageBody('/v1/Channel/Schedule/Update'));
    const { bodies } = renderControl({
      answers: { [CONTROL_CALLS.scheduleUpdate]: update.answer },
    });
    await groupsShown();
    const mode = await channel(21).findByLabelText('Mode');
    expect(channel(21).getByLabelText('Set-point (°C)')).toHaveDisplayValue('26');
    expect(channel(11).queryByLabelText('Mode')).toBeNull();
    await user.selectOptions(mode, 'Fan');
    await waitFor(() => expect(channel(21).getByLabelText('Set-point (°C)')).toBeDisabled());
    expect(channel(21).getByText('Not used in this mode')).toBeInTheDocument();
    await waitFor(() =>
      expect(bodies(CONTROL_CALLS.scheduleUpdate)[0]).toMatchObject({
        channelScheduleId: 21,
        selectedOption: { set1: 'fan', set3: 'low' },
      }),
    );
    expect(bodies(CONTROL_CALLS.scheduleUpdate)[0]).not.toHaveProperty('selectedOption.set2');
    expect(bodies(CONTROL_CALLS.scheduleUpdate)[0]).not.toHaveProperty('scheduleUpdate');
    // Only the IR channel's options were asked for.
    expect(bodies(CONTROL_CALLS.schedule).map((b) => b.channelScheduleId)).toEqual([21]);
    update.release();
    expect(await screen.findByText('Air conditioner settings saved.')).toBeInTheDocument();
  });

  it('refetches the list when the hub pushes a control change', async () => {
    const { bodies, hub } = renderControl();
    await groupsShown();
    await waitFor(() => expect(hub()).toBeDefined());
    const before = bodies(CONTROL_CALLS.groups).length;
    act(() =>
      hub().emit('ControlChanged', {
        source: 'person',
        channelGroupIds: [1],
        channelScheduleIds: [11],
        time: '2026-11-21T05:31:00Z',
      }),
    );
    await waitFor(() => expect(bodies(CONTROL_CALLS.groups)).toHaveLength(before + 1));
  });

  it('shows the error state with a retry when the list cannot be loaded, and the empty state', async () => {
    const user = userEvent.setup();
    let answer: () => unknown = serverFault;
    renderControl({ answers: { [CONTROL_CALLS.groups]: () => answer() } });
    expect(
      await screen.findByText('Could not load the data. Please try again.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    answer = () => ({ ...groupFixture(), groupList: [], channelScheduleList: [] });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No channel groups yet.')).toBeInTheDocument();
  });
});
