/**
 * The app's dev mode (spec §2): a development build, or any build opened
 * with ?is_dev=1 (the same switch that selects the development API, spec §7).
 */
export function isDevMode(isDevBuild: boolean, search: string): boolean {
  return isDevBuild || new URLSearchParams(search).get('is_dev') === '1';
}
