import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '@/lib/query-client';
import { signOutEverywhere } from '@/features/auth/api/sign-out';
import { PasswordChangeGate } from '@/features/settings/components/PasswordChangeGate';
import { RequireAuth } from '../guards';
import { AppFrame } from '../layout/AppFrame';

/**
 * The signed-in part of the app. Data queries only ever run with a session
 * (never signed out), so the query cache lives here: the login screen loads without
 * it, and a new session (always a fresh page) starts with an empty cache.
 */
export function ProtectedFrame() {
  const [queryClient] = useState(createQueryClient);
  return (
    <RequireAuth>
      <QueryClientProvider client={queryClient}>
        {/* A one-time password must be replaced before the app opens (issue #13). */}
        <PasswordChangeGate onSignOut={() => void signOutEverywhere()}>
          <AppFrame />
        </PasswordChangeGate>
      </QueryClientProvider>
    </RequireAuth>
  );
}
