/**
 * The one home of the client's "who administers" rule:
 * the user named exactly "Admin". The server checks the same rule on every
 * admin call; when a role column replaces it, only this function changes.
 */
export const ADMIN_USERNAME = 'Admin';

export function isAdministrator(username: string | null | undefined): boolean {
  return username === ADMIN_USERNAME;
}
