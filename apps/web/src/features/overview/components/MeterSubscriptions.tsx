import { useEffect } from 'react';
import { useDeviceSubscription } from '@/lib/hub';

interface SubscriptionProps {
  id: number;
  onReading: () => void;
  onLive: (id: number, live: boolean) => void;
}

function MeterSubscription({ id, onReading, onLive }: SubscriptionProps) {
  const { live } = useDeviceSubscription(id, onReading);
  useEffect(() => {
    onLive(id, live);
    return () => onLive(id, false);
  }, [id, live, onLive]);
  return null;
}

/**
 * Subscribes to every smart meter's DeviceReading pushes (the hub sends a
 * reading to the subscribers of its node and of its parent, so a meter hears
 * its circuits). Renders nothing.
 */
export function MeterSubscriptions({
  ids,
  onReading,
  onLive,
}: {
  ids: readonly number[];
  onReading: () => void;
  onLive: (id: number, live: boolean) => void;
}) {
  return (
    <>
      {ids.map((id) => (
        <MeterSubscription key={id} id={id} onReading={onReading} onLive={onLive} />
      ))}
    </>
  );
}
