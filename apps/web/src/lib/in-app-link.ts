import { useLocation } from 'react-router';

/**
 * The app's dev mode: a development build, or any build
 * opened with ?is_dev=1 (the same switch that selects the development API).
 */
export function isDevMode(isDevBuild: boolean, search: string): boolean {
  return isDevBuild || new URLSearchParams(search).get('is_dev') === '1';
}

/**
 * Every in-app address is built here, so dev mode follows the user from page
 * to page: in dev mode `is_dev=1` is appended. The admin pages are
 * the one exception; their links pass `devMode: false`.
 */
export function inAppHref(
  path: string,
  query: Readonly<Record<string, string | number>>,
  devMode: boolean,
): string {
  const search = new URLSearchParams(
    Object.entries(query).map(([key, value]) => [key, String(value)]),
  );
  if (devMode) search.set('is_dev', '1');
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** Whether the current page is in dev mode (a dev build, or ?is_dev=1 in its address). */
export function useDevMode(): boolean {
  const { search } = useLocation();
  return isDevMode(import.meta.env.DEV, search);
}

/** inAppHref bound to the current page's dev mode. */
export function useInAppHref(): (
  path: string,
  query?: Readonly<Record<string, string | number>>,
) => string {
  const devMode = useDevMode();
  return (path, query = {}) => inAppHref(path, query, devMode);
}
