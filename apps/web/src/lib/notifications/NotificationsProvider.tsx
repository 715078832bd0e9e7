import { createContext, useCallback, useContext, useEffect, useReducer, useRef } from 'react';
import type { ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { NEW_FLAG_CLEAR_MS } from '@wattboard/contract';
import type { NotificationListPayload } from '@wattboard/contract';
import { useHubClient, useHubEvent } from '../hub';
import { useSession } from '../hooks/use-session';
import { latestAnnouncementKey } from '../queries/announcement-keys';
import { emptyNotifications, notificationReducer } from './notification-reducer';
import type { NotificationState } from './notification-reducer';

const NotificationsContext = createContext<NotificationState>(emptyNotifications);

/** The live notification lists: abnormal, official, the new flag, the unresolved total. */
export function useNotifications(): NotificationState {
  return useContext(NotificationsContext);
}

/**
 * Feeds the notification reducer from the hub. Must sit inside HubProvider and
 * QueryClientProvider: a non-initial batch invalidates the cached latest
 * announcement, so the banner refetches.
 */
export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(notificationReducer, emptyNotifications);
  const queryClient = useQueryClient();
  const client = useHubClient();
  const signedIn = Boolean(useSession()?.token);
  // The first batch after connecting is the initial load, also after a reconnect.
  const awaitingInitialLoad = useRef(true);

  useEffect(
    () =>
      client?.onStateChange((hubState) => {
        if (hubState !== 'Connected') awaitingInitialLoad.current = true;
      }),
    [client],
  );
  // The server greets every new connection before pushing its lists.
  useHubEvent('ConnectionInitialized', () => {
    awaitingInitialLoad.current = true;
  });

  const announcementsChanged = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: latestAnnouncementKey });
  }, [queryClient]);

  const receiveLists = (payload: NotificationListPayload) => {
    const initial = awaitingInitialLoad.current;
    awaitingInitialLoad.current = false;
    dispatch({ type: 'replaceAbnormal', list: payload.data.alertList, initial });
    dispatch({ type: 'replaceOfficial', list: payload.data.announcementList, initial });
    if (!initial) announcementsChanged();
  };

  useHubEvent('NotificationReceived', (payload) => {
    if (payload.type === 'list') return receiveLists(payload);
    if (payload.type === 'Abnormal')
      return dispatch({ type: 'addAbnormal', notification: payload });
    dispatch({ type: 'addOfficial', notification: payload });
    announcementsChanged();
  });
  useHubEvent('AlertReceived', (payload) => {
    dispatch({ type: 'addAbnormal', notification: payload });
  });
  useHubEvent('AnnouncementReceived', (payload) => {
    dispatch({ type: 'addOfficial', notification: payload });
    // A new announcement may be the banner's new latest one.
    announcementsChanged();
  });

  // The new flag is cleared 3 s after it is set.
  useEffect(() => {
    if (!state.hasNew) return;
    const timer = setTimeout(() => dispatch({ type: 'clearNew' }), NEW_FLAG_CLEAR_MS);
    return () => clearTimeout(timer);
  }, [state.hasNew]);

  // Nothing of one user's notifications survives a sign-out.
  useEffect(() => {
    if (!signedIn) {
      dispatch({ type: 'reset' });
      awaitingInitialLoad.current = true;
    }
  }, [signedIn]);

  return <NotificationsContext value={state}>{children}</NotificationsContext>;
}
