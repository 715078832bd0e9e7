import type { ReactNode } from 'react';
import { AlertToasts } from '@/features/notifications';
import { HubProvider } from '@/lib/hub';
import { NotificationsProvider } from '@/lib/notifications';

/**
 * The live connection (and the fetch of its library, lib/hub/lazy-connection.ts)
 * starts 1 s after the frame mounts: a phone's first load paints its numbers
 * without the library's 14 KB and the negotiation ahead of the page's calls
 * (issue #14). A user disabled in that second is still signed out: SessionWatch
 * hears every state change of the connection, including its first failed start.
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
