import type { ReactNode } from 'react';
import { AlertToasts } from '@/features/notifications';
import { HubProvider } from '@/lib/hub';
import { NotificationsProvider } from '@/lib/notifications';

/**
 * The live connection starts this long after the frame mounts: on a first load
 * the page's chunks, calls and first render come first (on a simulated phone the
 * hub's negotiation, pushes and their refetches ran before the first numbers,
 * issue #14); until then the pages poll, as they do whenever the hub is down.
 */
const HUB_START_DELAY_MS = 1000;

/**
 * The live connection and the notification store, for the signed-in frame
 * only: the store needs the frame's query client (it invalidates the banner's
 * query), and no socket should exist without a session. Being children, the
 * store's event subscriptions are in place before the hub's effect starts the
 * connection, so the initial list pushed right after connecting is never missed.
 */
export function LiveNotifications({ children }: { children: ReactNode }) {
  return (
    <HubProvider startDelayMs={HUB_START_DELAY_MS}>
      <NotificationsProvider>
        {children}
        <AlertToasts />
      </NotificationsProvider>
    </HubProvider>
  );
}
