import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useHubState } from '@/lib/hub';
import { userAccountKeyRoot } from '../api/user-account';

/**
 * When the server closes this browser's live connection (a disabled user, a
 * password reset, a sign-out elsewhere), the account is read again: a
 * revoked session answers 401 and the API client signs out at once, instead
 * of at the next data call. A connection that merely drops reads it too,
 * which costs one small call; so does a start that fails (a session revoked
 * before this page connected is refused at the hub's negotiation).
 */
export function SessionWatch() {
  const state = useHubState();
  const queryClient = useQueryClient();
  const wasConnected = useRef(false);
  useEffect(() => {
    if (state === 'Connected' || state === 'Connecting') {
      wasConnected.current = true;
      return;
    }
    if (!wasConnected.current || (state !== 'Reconnecting' && state !== 'Disconnected')) return;
    wasConnected.current = false;
    void queryClient.invalidateQueries({ queryKey: userAccountKeyRoot });
  }, [state, queryClient]);
  return null;
}
