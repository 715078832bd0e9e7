import { Outlet, useRouteError } from 'react-router';
import { ErrorFallback } from '@/components/ErrorFallback';
import { AppErrorBoundary } from '../AppErrorBoundary';

/** Every page renders inside the error fallback, so a crash shows its component stack. */
export function RootRoute() {
  return (
    <AppErrorBoundary>
      <Outlet />
    </AppErrorBoundary>
  );
}

/** Errors the router itself catches (a lazy page that failed to download, for example). */
export function RouteErrorScreen() {
  return <ErrorFallback error={useRouteError()} />;
}
