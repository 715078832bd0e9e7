/**
 * Registers the service worker that makes the dashboard installable and shows
 * the offline page (build/installable-app.ts, docs/installable-app.md). It
 * waits for the page's load event, so the worker's precache of the app shell
 * never competes with the page's own first requests. Only built clients have
 * a worker; the dev server and tests have none.
 */
export function registerServiceWorker(
  env: { production: boolean } = { production: import.meta.env.PROD },
  target: Window = window,
): void {
  const container = target.navigator.serviceWorker as ServiceWorkerContainer | undefined;
  if (!env.production || !container) return;
  const register = () => {
    // A browser that refuses (private mode, a blocked origin) just has no offline page.
    container.register('/sw.js', { scope: '/' }).catch(() => {});
  };
  if (target.document.readyState === 'complete') register();
  else target.addEventListener('load', register, { once: true });
}
