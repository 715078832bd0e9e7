import { describe, expect, it } from 'vitest';
import { controlChangedPayload } from '@wattboard/contract';
import { refreshesOnControlChange } from './live-refresh';

const push = controlChangedPayload.parse({
  source: 'device',
  channelGroupIds: [1],
  channelScheduleIds: [11, 12],
  time: '2026-11-24T03:10:00Z',
});

describe('refresh on a ControlChanged push', () => {
  it('refetches the group list whatever changed', () => {
    expect(refreshesOnControlChange(['channel-group', { email: 'a', factoryId: 0 }], push)).toBe(
      true,
    );
    expect(
      refreshesOnControlChange(['channel-group', { email: 'a', factoryId: 0 }], {
        channelScheduleIds: [],
      }),
    ).toBe(true);
  });

  it('refetches only the schedules of the channels it names', () => {
    const key = (id: number) => [
      'channel-schedule',
      { email: 'a', factoryId: 0, channelScheduleId: id },
    ];
    expect(refreshesOnControlChange(key(11), push)).toBe(true);
    expect(refreshesOnControlChange(key(21), push)).toBe(false);
    expect(refreshesOnControlChange(['channel-schedule'], push)).toBe(false);
  });

  it('leaves other pages alone', () => {
    expect(refreshesOnControlChange(['overview', {}], push)).toBe(false);
    expect(refreshesOnControlChange(['channel-list', { email: 'a' }], push)).toBe(false);
  });
});
