import { useLocation } from 'react-router';
import { SignalRTestPage } from '@/features/dev-tools';
import { RedirectKeepingSearch } from '../guards';
import { isDevMode } from './dev-mode';

/** The developer test screen exists only in dev mode; elsewhere its address leads to /dashboard. */
export function SignalRTestRoute() {
  const { search } = useLocation();
  if (!isDevMode(import.meta.env.DEV, search)) return <RedirectKeepingSearch to="/dashboard" />;
  return <SignalRTestPage />;
}
