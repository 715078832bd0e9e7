/**
 * THE admin rule: the user named `Admin` administers its
 * own factory. Every Admin call asks this one function, so a role column can
 * replace the name check later without touching any caller.
 */
/** The user whose username is exactly this administers the factory (and creates announcements). */
export const ADMIN_USERNAME = 'Admin';

export interface MaybeAdmin {
  username: string;
}

export function isFactoryAdmin(user: MaybeAdmin): boolean {
  return user.username === ADMIN_USERNAME;
}
