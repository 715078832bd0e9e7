import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageLoading } from '@/components/PageLoading';
import { isSessionExpired } from '@wattboard/contract/session';
import { useSession } from '@/lib/hooks/use-session';
import { clearSession, endSessionAndReload, readSession, sessionStatus } from '@/lib/session';

const EXPIRY_CHECK_MS = 30_000;

/** A visitor who is not signed in goes to the login screen. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = sessionStatus(useSession(), new Date());

  useEffect(() => {
    if (status === 'expired') endSessionAndReload();
  }, [status]);

  // A session can run out while the page stays open (an expired session signs out).
  useEffect(() => {
    const timer = setInterval(() => {
      const session = readSession();
      if (session && isSessionExpired(session, new Date())) endSessionAndReload();
    }, EXPIRY_CHECK_MS);
    return () => clearInterval(timer);
  }, []);

  if (status !== 'signed-in') return <Navigate to="/dashboard/login" replace />;
  return children;
}

/** A signed-in user opening login goes to /dashboard. */
export function RedirectIfSignedIn({ children }: { children: ReactNode }) {
  const status = sessionStatus(useSession(), new Date());
  useEffect(() => {
    if (status === 'expired') clearSession();
  }, [status]);
  if (status === 'signed-in') return <Navigate to="/dashboard" replace />;
  return children;
}

/**
 * A redirect that keeps the query string (is_dev=1, lng=...). Its target may
 * be a lazy page, so the spinner shows until that page has arrived.
 */
export function RedirectKeepingSearch({ to }: { to: string }) {
  const { search } = useLocation();
  return (
    <>
      <Navigate to={{ pathname: to, search }} replace />
      <PageLoading />
    </>
  );
}
