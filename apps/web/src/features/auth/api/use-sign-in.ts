import { useCallback, useEffect, useState } from 'react';
import type { SignInForm } from '@wattboard/contract';
import { afterFirstPaint } from '@/lib/after-first-paint';
import { pageNavigation } from '@/lib/page-navigation';
import { writeSession } from '@/lib/session';
import type * as SignInCoreModule from '../sign-in-core';

type SignInCore = typeof SignInCoreModule;

let pending: Promise<SignInCore> | null = null;
let loaded: SignInCore | null = null;

/** The chunk when it is already in (the usual case by the first submit), else null. */
export function loadedSignInCore(): SignInCore | null {
  return loaded;
}

/**
 * The form rule and the sign-in call, fetched once after the login screen's
 * first paint (and again after a failed fetch), never in its first load.
 */
export function loadSignInCore(): Promise<SignInCore> {
  pending ??= import('../sign-in-core').then(
    (core) => (loaded = core),
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

/**
 * Starts fetching the sign-in code once the form is on screen and the page is
 * idle (issue #29: the sign-in code brings the signed-in app's shared chunk,
 * about 63 KB, which the page after sign-in then finds cached).
 */
export function usePreloadSignInCore(): void {
  // A submit retries the fetch and reports a failure.
  useEffect(() => afterFirstPaint(() => void loadSignInCore().catch(() => {})), []);
}

export type SignInState =
  { status: 'idle' | 'pending' | 'success'; error: null } | { status: 'error'; error: unknown };

/**
 * Signs in once per submit. Deliberately outside TanStack Query: the login
 * screen loads without it (150 KB gzip budget), and a sign-in is never retried
 * because a retried wrong password would count twice against the limit.
 */
export function useSignIn() {
  const [state, setState] = useState<SignInState>({ status: 'idle', error: null });
  const submit = useCallback(async (form: SignInForm) => {
    setState({ status: 'pending', error: null });
    try {
      const { signInWithPassword } = await loadSignInCore();
      const session = await signInWithPassword(form);
      writeSession(session);
      setState({ status: 'success', error: null });
      // Go to /dashboard replacing history, with a fresh page.
      pageNavigation.replace('/dashboard');
    } catch (error) {
      console.warn('Sign-in failed:', error);
      setState({ status: 'error', error });
    }
  }, []);
  return { ...state, submit };
}
