import type { ReactNode } from 'react';
import { AlertToasts } from '@/features/notifications';
import { HubProvider } from '@/lib/hub';
import { NotificationsProvider } from '@/lib/notifications';

/**
 * The live connection starts as soon as the frame mounts (its library is still
 * fetched only then, lib/hub/lazy-connection.ts). Starting it 1 s later helped
 * a phone's first load (issue #14) but left a user disabled in that window
 * signed in on a CI run (the Admin E2E); until that is understood, at once.
 */
const HUB_START_DELAY_MS = 0;

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
