import { describe, expect, it } from 'vitest';
import { channelGroupResponse } from '@wattboard/contract';
import { groupFixture } from '@/testing/control/fixtures';
import {
  groupsWithChannels,
  movableGroups,
  withChannelActions,
  withGroupStatus,
} from './group-data';

const data = () => channelGroupResponse.parse(groupFixture());

describe('group data', () => {
  it('lists each group with its own channels in the server order', () => {
    const groups = groupsWithChannels(data());
    expect(groups.map((g) => [g.group.groupName, g.channels.map((c) => c.name)])).toEqual([
      ['Lighting', ['Workshop Lighting', 'Warehouse Lighting']],
      ['Air Conditioning', ['Office Air Conditioning']],
      ['Spare relays', []],
    ]);
  });

  it('switches master switches optimistically without touching others', () => {
    const next = withGroupStatus(data(), [{ channelGroupId: 1, isOn: false }]);
    expect(next.groupList.map((g) => g.isOn)).toEqual([false, true, true]);
    expect(next.channelScheduleList).toEqual(data().channelScheduleList);
  });

  it('sets actions optimistically, and moves a channel with its new group name', () => {
    const next = withChannelActions(data(), [{ channelScheduleId: 11, action: 'off' }]);
    expect(next.channelScheduleList.map((c) => c.action)).toEqual(['off', 'on', 'timer']);
    const moved = withChannelActions(data(), [
      { channelScheduleId: 12, action: 'auto', channelGroupId: 3 },
    ]);
    expect(moved.channelScheduleList[1]).toMatchObject({
      channelGroupId: 3,
      groupName: 'Spare relays',
      action: 'auto',
    });
    // An unknown group leaves the channel where it is.
    const unknown = withChannelActions(data(), [
      { channelScheduleId: 12, action: 'on', channelGroupId: 99 },
    ]);
    expect(unknown.channelScheduleList[1]).toMatchObject({ channelGroupId: 1 });
  });

  it('offers only groups of the same device type as move targets', () => {
    const d = data();
    expect(movableGroups(d, d.channelScheduleList[0]!).map((g) => g.channelGroupId)).toEqual([
      1, 3,
    ]);
    expect(movableGroups(d, d.channelScheduleList[2]!).map((g) => g.channelGroupId)).toEqual([2]);
  });
});
