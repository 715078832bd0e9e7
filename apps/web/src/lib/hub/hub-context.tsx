import { createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useSession } from '../hooks/use-session';
import { createHubClient } from './hub-client';
import type { HubClient } from './hub-client';
import { attachRevival } from './hub-revival';
import type { RevivalSignals } from './hub-revival';
import { createLazySignalRConnection } from './lazy-connection';
import type { HubConnectionFactory } from './types';

const HubContext = createContext<HubClient | null>(null);

/** The client of the nearest HubProvider; null outside one (hooks then behave as disconnected). */
export function useHubClient(): HubClient | null {
  return useContext(HubContext);
}

interface HubProviderProps {
  children: ReactNode;
  /** Tests inject a fake connection; the app uses the real `@microsoft/signalr` one. */
  createConnection?: HubConnectionFactory;
  revivalSignals?: RevivalSignals;
  /**
   * Connect this long after mounting (the app: once the page's first screen is
   * in; tests: at once). The live connection's library, negotiation and first
   * pushes then do not compete with a first load (issue #14).
   */
  startDelayMs?: number;
}

/**
 * Owns the live connection: it starts when a session exists and is disposed on
 * sign-out (or when the token changes), so no socket outlives its user.
 */
export function HubProvider({
  children,
  createConnection = createLazySignalRConnection,
  revivalSignals,
  startDelayMs = 0,
}: HubProviderProps) {
  const token = useSession()?.token ?? null;
  const [client] = useState(() => createHubClient({ createConnection }));

  useEffect(() => attachRevival(client, revivalSignals), [client, revivalSignals]);

  useEffect(() => {
    if (!token) return;
    // A failed start is logged by the client; revival tries again later.
    const start = () => void client.start().catch(() => {});
    const timer = startDelayMs > 0 ? setTimeout(start, startDelayMs) : start();
    return () => {
      if (timer !== undefined) clearTimeout(timer);
      void client.dispose();
    };
  }, [client, token, startDelayMs]);

  return <HubContext value={client}>{children}</HubContext>;
}
