import { useMutation } from '@tanstack/react-query';
import { signOut } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { pageNavigation } from '@/lib/page-navigation';
import { clearSession } from '@/lib/session';

/** POST /User/SignOut, then forget the session whatever the server said. */
export async function signOutEverywhere(): Promise<void> {
  try {
    await callApi(signOut, {});
  } catch (error) {
    // The local session ends regardless; a failed revoke only expires later.
    console.warn('Sign-out request failed:', error);
  } finally {
    clearSession();
    pageNavigation.replace('/dashboard/login');
  }
}

export function useSignOut() {
  return useMutation({
    mutationKey: ['sign-out'],
    mutationFn: signOutEverywhere,
    retry: false,
    throwOnError: false,
  });
}
