import { useMutation } from '@tanstack/react-query';
import { signOut, ssoSignOut } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { pageNavigation } from '@/lib/page-navigation';
import { clearSession } from '@/lib/session';
import { SSO_MARK } from '../sso';

/**
 * Ends a session single sign-on started here and answers where the provider
 * ends it too (null: nowhere); a server without single sign-on (the mark
 * outlived it) gets the plain sign-out.
 */
async function endSession(): Promise<string | null> {
  if (localStorage.getItem(SSO_MARK)) {
    try {
      return (await callApi(ssoSignOut, {})).redirectUrl;
    } catch (error) {
      console.warn('Single sign-on sign-out failed, signing out here only:', error);
    }
  }
  await callApi(signOut, {});
  return null;
}

/** POST /User/SignOut (or /v1/Sso/SignOut), then forget the session whatever the server said. */
export async function signOutEverywhere(): Promise<void> {
  let next = '/dashboard/login';
  try {
    next = (await endSession()) ?? next;
  } catch (error) {
    // The local session ends regardless; a failed revoke only expires later.
    console.warn('Sign-out request failed:', error);
  } finally {
    clearSession();
    localStorage.removeItem(SSO_MARK);
    pageNavigation.replace(next);
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
