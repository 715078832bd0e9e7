import { describe, expect, it } from 'vitest';
import { channelScheduleQueryOptions } from './channel-schedule';
import { channelGroupQueryOptions, CONTROL_POLL_MS } from './channel-group';

describe('control query options', () => {
  it('poll the group list only while hub pushes do not arrive', () => {
    expect(channelGroupQueryOptions('demo@wattboard.local', true).refetchInterval).toBe(false);
    expect(channelGroupQueryOptions('demo@wattboard.local', false).refetchInterval).toBe(
      CONTROL_POLL_MS,
    );
  });

  it('carry every input in their keys, and `live` in none', () => {
    expect(channelGroupQueryOptions('a@b.c', true).queryKey).toEqual([
      'channel-group',
      { email: 'a@b.c', factoryId: 0 },
    ]);
    expect(channelGroupQueryOptions('a@b.c', false).queryKey).toEqual(
      channelGroupQueryOptions('a@b.c', true).queryKey,
    );
    expect(channelScheduleQueryOptions('a@b.c', 21).queryKey).toEqual([
      'channel-schedule',
      { email: 'a@b.c', factoryId: 0, channelScheduleId: 21 },
    ]);
  });
});
