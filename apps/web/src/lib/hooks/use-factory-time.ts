import { useMemo } from 'react';
import { factoryTimeBase } from '@wattboard/zone-time';
import type { FactoryTimeBase } from '@wattboard/zone-time';
import { useChannelList } from '../queries/channel-list';

/** The factory's zone and clock skew, once the channel list has answered. */
export function useFactoryTimeBase(): FactoryTimeBase | null {
  const { data } = useChannelList();
  return useMemo(() => (data ? factoryTimeBase(data, data.receivedAt) : null), [data]);
}
