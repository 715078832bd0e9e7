import { useState } from 'react';
import type { ReactNode } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { ErrorFallback } from '@/components/ErrorFallback';

/** An error fallback screen wraps the app, showing the component stack too. */
export function AppErrorBoundary({ children }: { children: ReactNode }) {
  const [componentStack, setComponentStack] = useState<string | null>(null);
  return (
    <ErrorBoundary
      onError={(error, info) => {
        console.error('Wattboard crashed:', error);
        setComponentStack(info.componentStack ?? null);
      }}
      fallbackRender={({ error }) => (
        <ErrorFallback error={error} componentStack={componentStack} />
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
