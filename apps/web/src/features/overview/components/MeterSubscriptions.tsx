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
 * Subscribes to every smart meter's DeviceReading pushes: the hub tells a
 * meter's subscribers, under the meter's id, of its own readings and of its
 * circuits'. Each push only says "new data"; `onReading` turns a burst of them
 * into one refetch. Renders nothing.
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
