import {
  roleAllows,
  roleForbiddenMessage,
  routePermission,
  type EffectiveRole,
  type Permission,
} from '@wattboard/contract';
import { isFactoryAdmin } from './admin-rule.ts';

/** The role a user acts with: the Admin user is `admin`, whatever its stored role. */
export function effectiveRoleOf(user: { username: string; role: EffectiveRole }): EffectiveRole {
  return isFactoryAdmin(user) ? 'admin' : user.role;
}

/** A registered route's path as the contract spells it: Fastify's `:id` back to `{id}`. */
export function contractPath(routeUrl: string): string {
  return routeUrl.replace(/:(\w+)/g, '{$1}');
}

/** The permission a signed-in route needs; HEAD is the GET route's. */
export function permissionOfRoute(method: string, routeUrl: string): Permission | undefined {
  return routePermission(method === 'HEAD' ? 'GET' : method, contractPath(routeUrl));
}

/**
 * Why this session may not call the route, or null when it may. A signed-in
 * route without a permission is refused for everyone but the Admin user (fail
 * closed: the role suite fails for it before it ships).
 */
export function roleRefusal(
  session: { user: { username: string; role: EffectiveRole } },
  method: string,
  routeUrl: string | undefined,
): string | null {
  const role = effectiveRoleOf(session.user);
  const permission = routeUrl === undefined ? undefined : permissionOfRoute(method, routeUrl);
  if (permission === undefined) {
    return role === 'admin' ? null : roleForbiddenMessage(role, 'administer');
  }
  // Admin calls keep their own refusal (adminGate: the Admin rule, then the factory).
  if (permission === 'administer') return null;
  return roleAllows(role, permission) ? null : roleForbiddenMessage(role, permission);
}
