/**
 * THE admin rule (spec §6, DESIGN §5): the user named `Admin` administers its
 * own factory. Every Admin call asks this one function, so a role column can
 * replace the name check later without touching any caller.
 */
import { ADMIN_USERNAME } from '../announcements/rules.ts';

export interface MaybeAdmin {
  username: string;
}

export function isFactoryAdmin(user: MaybeAdmin): boolean {
  return user.username === ADMIN_USERNAME;
}
