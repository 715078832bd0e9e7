/**
 * Full-page navigations. The app reloads the page on sign-in, sign-out and
 * session expiry so that no state of the previous session survives; keeping
 * the calls behind one object lets tests observe them (jsdom cannot navigate).
 */
export const pageNavigation = {
  reload(): void {
    window.location.reload();
  },
  replace(url: string): void {
    window.location.replace(url);
  },
};
