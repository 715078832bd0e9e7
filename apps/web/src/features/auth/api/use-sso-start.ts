import { useEffect, useState } from 'react';
import { currentApiBase } from '@/lib/api-base';
import { pageNavigation } from '@/lib/page-navigation';
import { writeSession } from '@/lib/session';
import { emailToLookUp, sessionFromFragment, SSO_LOOKUP_PATH, SSO_MARK } from '../sso';

/** Waits for typing to pause before asking the server about the e-mail's domain. */
const LOOKUP_DELAY_MS = 400;

/**
 * Where single sign-on starts for this e-mail's factory, or null when it has
 * none (or the server has single sign-on off: the lookup route is absent).
 */
export function useSsoStart(email: string): string | null {
  const [startUrl, setStartUrl] = useState<string | null>(null);
  const address = emailToLookUp(email);
  useEffect(() => {
    if (!address) {
      setStartUrl(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      const base = currentApiBase();
      fetch(`${base}${SSO_LOOKUP_PATH}?email=${encodeURIComponent(address)}`, {
        signal: controller.signal,
      })
        .then((response) => (response.ok ? (response.json() as Promise<unknown>) : null))
        .then((answer) => {
          const start = (answer as { startUrl?: unknown } | null)?.startUrl;
          setStartUrl(typeof start === 'string' ? `${base}${start}` : null);
        })
        // Offline or refused: the password form still works; no button.
        .catch(() => setStartUrl(null));
    }, LOOKUP_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [address]);
  return startUrl;
}

/** Back from the provider: store the session as a password sign-in does, then go in. */
export function useSsoLanding(): void {
  useEffect(() => {
    const session = sessionFromFragment(window.location.hash);
    if (!session) return;
    // The token leaves the address bar and the history at once.
    window.history.replaceState(null, '', window.location.pathname);
    writeSession(session);
    localStorage.setItem(SSO_MARK, '1');
    pageNavigation.replace('/dashboard');
  }, []);
}
