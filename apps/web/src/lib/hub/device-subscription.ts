import { useEffect, useState } from 'react';
import type { DeviceReadingPayload } from '@wattboard/contract';
import { useHubClient } from './hub-context';
import { useHubEvent, useHubState, useLatest } from './hooks';

/**
 * SubscribeToDevice(deviceId) while mounted and connected — again after every
 * reconnect, since a new connection starts with no subscriptions — and
 * UnsubscribeFromDevice on unmount or when the device changes. `onReading`
 * gets every DeviceReading of this device. `live` is true once the server has
 * confirmed the subscription on the current connection.
 */
export function useDeviceSubscription(
  deviceId: number | null,
  onReading: (payload: DeviceReadingPayload) => void,
): { live: boolean } {
  const client = useHubClient();
  const state = useHubState();
  const [confirmedId, setConfirmedId] = useState<number | null>(null);
  const latestOnReading = useLatest(onReading);

  useHubEvent('SubscriptionConfirmed', (payload) => {
    if (payload.deviceId === deviceId) setConfirmedId(deviceId);
  });
  useHubEvent('DeviceReading', (payload) => {
    if (payload.deviceId === deviceId) latestOnReading.current(payload);
  });

  useEffect(() => {
    if (!client || deviceId === null || state !== 'Connected') return;
    // Failures are logged by the client (spec §8); the page keeps polling meanwhile.
    client.invoke('SubscribeToDevice', deviceId).catch(() => {});
    return () => {
      setConfirmedId(null);
      // A lost connection took its subscriptions with it; only a live one is told.
      if (client.getState() === 'Connected') {
        client.invoke('UnsubscribeFromDevice', deviceId).catch(() => {});
      }
    };
  }, [client, deviceId, state]);

  return { live: state === 'Connected' && deviceId !== null && confirmedId === deviceId };
}
