import { createContext, useContext, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { useSession } from '../hooks/use-session';
import { createHubClient } from './hub-client';
import type { HubClient } from './hub-client';
import { attachRevival } from './hub-revival';
import type { RevivalSignals } from './hub-revival';
import { createSignalRConnection } from './signalr-connection';
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
}

/**
 * Owns the live connection: it starts when a session exists and is disposed on
 * sign-out (or when the token changes), so no socket outlives its user.
 */
export function HubProvider({
  children,
  createConnection = createSignalRConnection,
  revivalSignals,
}: HubProviderProps) {
  const token = useSession()?.token ?? null;
  const [client] = useState(() => createHubClient({ createConnection }));

  useEffect(() => attachRevival(client, revivalSignals), [client, revivalSignals]);

  useEffect(() => {
    if (!token) return;
    // A failed start is logged by the client (spec §8); revival tries again later.
    client.start().catch(() => {});
    return () => void client.dispose();
  }, [client, token]);

  return <HubContext value={client}>{children}</HubContext>;
}
