import type { ReactNode } from 'react';
import { AlertToasts } from '@/features/notifications';
import { HubProvider } from '@/lib/hub';
import { NotificationsProvider } from '@/lib/notifications';

/**
 * The live connection and the notification store, for the signed-in frame
 * only: the store needs the frame's query client (it invalidates the banner's
 * query), and no socket should exist without a session. Being children, the
 * store's event subscriptions are in place before the hub's effect starts the
 * connection, so the initial list pushed right after connecting is never missed.
 */
export function LiveNotifications({ children }: { children: ReactNode }) {
  return (
    <HubProvider>
      <NotificationsProvider>
        {children}
        <AlertToasts />
      </NotificationsProvider>
    </HubProvider>
  );
}
