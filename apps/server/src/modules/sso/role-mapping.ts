import { ROLES, type UserRole } from '@wattboard/contract';

/**
 * The groups a provider sent in its claim: a list of names or ids (Entra ID
 * sends object ids, Keycloak paths such as /energy/managers), or one string.
 * Anything else counts as no groups, never as an error: the default role decides.
 */
export function groupsOf(claims: Readonly<Record<string, unknown>>, claim: string): string[] {
  const value = claims[claim];
  if (typeof value === 'string') return [value];
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is string => typeof item === 'string');
}

/**
 * The role the groups give: the highest of the mapped ones, or null when none
 * is mapped (then the factory's default role decides, see signInWithIdentity).
 * The Admin user is not a role, so no group can map to it.
 */
export function roleFromGroups(
  groups: readonly string[],
  groupRoles: Readonly<Record<string, UserRole>>,
): UserRole | null {
  let best = -1;
  for (const group of groups) {
    const role = Object.hasOwn(groupRoles, group) ? groupRoles[group] : undefined;
    if (role !== undefined) best = Math.max(best, ROLES.indexOf(role));
  }
  return best >= 0 ? (ROLES[best] ?? null) : null;
}
