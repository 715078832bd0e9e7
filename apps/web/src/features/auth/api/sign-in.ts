import { useCallback, useState } from 'react';
import { signIn } from '@wattboard/contract';
import type { SignInForm, StoredSession } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { pageNavigation } from '@/lib/page-navigation';
import { writeSession } from '@/lib/session';

/** POST /User/SignIn; resolves to the session to store. */
export async function signInWithPassword(form: SignInForm): Promise<StoredSession> {
  const response = await callApi(signIn, { email: form.email, password: form.password, token: '' });
  if (!response.token || !response.dtTokenExpire) {
    throw new Error('Sign-in succeeded without a token');
  }
  return {
    token: response.token,
    email: response.email ?? form.email,
    username: response.username ?? '',
    dtTokenExpire: response.dtTokenExpire,
  };
}

export type SignInState =
  { status: 'idle' | 'pending' | 'success'; error: null } | { status: 'error'; error: unknown };

/**
 * Signs in once per submit. Deliberately outside TanStack Query: the login
 * screen loads without it (DESIGN §13 budget), and a sign-in is never retried
 * because a retried wrong password would count twice against the limit.
 */
export function useSignIn() {
  const [state, setState] = useState<SignInState>({ status: 'idle', error: null });
  const submit = useCallback(async (form: SignInForm) => {
    setState({ status: 'pending', error: null });
    try {
      const session = await signInWithPassword(form);
      writeSession(session);
      setState({ status: 'success', error: null });
      // Spec §2/§4: go to /dashboard replacing history, with a fresh page.
      pageNavigation.replace('/dashboard');
    } catch (error) {
      console.warn('Sign-in failed:', error);
      setState({ status: 'error', error });
    }
  }, []);
  return { ...state, submit };
}
