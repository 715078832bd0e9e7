import { lazy, Suspense, useEffect, useState } from 'react';
import type { ReactNode } from 'react';
import { AppErrorBoundary } from './AppErrorBoundary';
import { useTranslation } from 'react-i18next';

// Loaded after the first paint: nothing toasts before the page is up, and
// the login screen's initial JavaScript stays small (150 KB gzip budget).
const ToastContainer = lazy(async () => ({
  default: (await import('react-toastify')).ToastContainer,
}));

const TOASTS_AFTER_MS = 1000;

/** Toasts bottom-right, 5 s, draggable by touch at 80 %, focus with Alt+T. */
function Toasts() {
  // The region's name in the page's language (react-toastify's default is English only).
  const { t } = useTranslation();
  // Mounted a moment after the app, so a first load's page comes first (issue #14);
  // a toast raised meanwhile waits in react-toastify's queue for the container.
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setMounted(true), TOASTS_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer
        position="bottom-right"
        autoClose={5000}
        draggable="touch"
        draggablePercent={80}
        hotKeys={(event) => event.altKey && event.code === 'KeyT'}
        aria-label={t('app.toastRegion')}
      />
    </Suspense>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <AppErrorBoundary>
      {children}
      <Toasts />
    </AppErrorBoundary>
  );
}
