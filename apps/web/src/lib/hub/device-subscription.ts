import { useEffect, useRef, useState } from 'react';
import type { DeviceReadingPayload } from '@wattboard/contract';
import { useHubClient } from './hub-context';
import { useHubEvent, useHubState, useLatest } from './hooks';

/**
 * SubscribeToDevice(deviceId) while mounted and connected — again after every
 * reconnect, since a new connection starts with no subscriptions — and
 * UnsubscribeFromDevice on unmount or when the device changes. `onReading`
 * gets every DeviceReading of this device: "new data at or below it as of
 * `time`", no values, so the page refetches what it shows (throttled; a burst
 * of pushes is one refetch). `live` is true once the server has
 * confirmed the subscription on the current connection and, with
 * `freshForMs`, only while a push (or the confirmation) is at most that old:
 * a confirmed subscription that never hears anything is not live.
 */
export function useDeviceSubscription(
  deviceId: number | null,
  onReading: (payload: DeviceReadingPayload) => void,
  { freshForMs }: { freshForMs?: number } = {},
): { live: boolean } {
  const client = useHubClient();
  const state = useHubState();
  const [confirmedId, setConfirmedId] = useState<number | null>(null);
  const [stale, setStale] = useState(false);
  const staleTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latestOnReading = useLatest(onReading);

  /** Heard from the server about this node: fresh again for `freshForMs`. */
  const heard = () => {
    if (freshForMs === undefined) return;
    setStale(false);
    if (staleTimer.current !== null) clearTimeout(staleTimer.current);
    staleTimer.current = setTimeout(() => setStale(true), freshForMs);
  };
  useEffect(
    () => () => {
      if (staleTimer.current !== null) clearTimeout(staleTimer.current);
    },
    [],
  );

  useHubEvent('SubscriptionConfirmed', (payload) => {
    if (payload.deviceId !== deviceId) return;
    setConfirmedId(deviceId);
    heard();
  });
  useHubEvent('DeviceReading', (payload) => {
    if (payload.deviceId !== deviceId) return;
    heard();
    latestOnReading.current(payload);
  });

  useEffect(() => {
    if (!client || deviceId === null || state !== 'Connected') return;
    // Failures are logged by the client; the page keeps polling meanwhile.
    client.invoke('SubscribeToDevice', deviceId).catch(() => {});
    return () => {
      setConfirmedId(null);
      // A lost connection took its subscriptions with it; only a live one is told.
      if (client.getState() === 'Connected') {
        client.invoke('UnsubscribeFromDevice', deviceId).catch(() => {});
      }
    };
  }, [client, deviceId, state]);

  const confirmed = state === 'Connected' && deviceId !== null && confirmedId === deviceId;
  return { live: confirmed && !stale };
}
