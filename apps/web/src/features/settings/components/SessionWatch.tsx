import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useHubClient } from '@/lib/hub';
import { userAccountKeyRoot } from '@/lib/queries/user-account';

/**
 * When the server closes this browser's live connection (a disabled user, a
 * password reset, a sign-out elsewhere), the account is read again: a
 * revoked session answers 401 and the API client signs out at once, instead
 * of at the next data call. A connection that merely drops reads it too,
 * which costs one small call; so does a start that fails (a session revoked
 * before this page connected is refused at the hub's negotiation).
 *
 * It listens to every state change, not to the rendered state: a render sees
 * only the newest state, and a close followed at once by the revival's new
 * start (Connected → Disconnected → Connecting) went by unseen.
 */
export function SessionWatch() {
  const client = useHubClient();
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!client) return;
    let wasConnected = ['Connected', 'Connecting'].includes(client.getState());
    return client.onStateChange((state) => {
      if (state === 'Connected' || state === 'Connecting') {
        wasConnected = true;
        return;
      }
      if (!wasConnected || (state !== 'Reconnecting' && state !== 'Disconnected')) return;
      wasConnected = false;
      void queryClient.invalidateQueries({ queryKey: userAccountKeyRoot });
    });
  }, [client, queryClient]);
  return null;
}
