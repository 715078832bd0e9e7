import { lazy, Suspense } from 'react';
import type { ReactNode } from 'react';
import { AppErrorBoundary } from './AppErrorBoundary';
import { useTranslation } from 'react-i18next';

// Loaded after the first paint: nothing toasts before the page is up, and
// the login screen's initial JavaScript stays small (DESIGN §13).
const ToastContainer = lazy(async () => ({
  default: (await import('react-toastify')).ToastContainer,
}));

/** Spec §2: toasts bottom-right, 5 s, draggable by touch at 80 %, focus with Alt+T. */
function Toasts() {
  // The region's name in the page's language (react-toastify's default is English only).
  const { t } = useTranslation();
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
