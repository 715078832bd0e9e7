import { z } from 'zod';

/**
 * Who may do what inside a factory (issue #30, docs/roles.md). Each role
 * includes everything of the ones before it:
 * - viewer: sees every page, changes nothing;
 * - operator: also switches loads, edits timers and clears alarms;
 * - manager: also alarm thresholds, e-mail receivers, shedding priorities
 *   (announcements: also the Admin rule, in their handler).
 * The spec's Admin user (username `Admin`) is above them all, whatever its
 * stored role: users, monitoring points, gateways, tariffs (the Admin page).
 */
export const ROLES = ['viewer', 'operator', 'manager'] as const;
export const userRole = z.enum(ROLES, { error: 'role must be viewer, operator or manager' });
export type UserRole = z.infer<typeof userRole>;

/** What a call needs; `administer` is the Admin user's alone. */
export type Permission = 'view' | 'operate' | 'manage' | 'administer';

/** The caller's effective role: the Admin user is `admin` whatever its stored role. */
export const effectiveRole = z.enum([...ROLES, 'admin']);
export type EffectiveRole = z.infer<typeof effectiveRole>;

const RANK: Record<EffectiveRole, number> = { viewer: 0, operator: 1, manager: 2, admin: 3 };
const NEEDS: Record<Permission, number> = { view: 0, operate: 1, manage: 2, administer: 3 };

/** Whether a caller of this effective role may do what needs this permission. */
export function roleAllows(role: EffectiveRole, permission: Permission): boolean {
  return RANK[role] >= NEEDS[permission];
}

/** The lowest role that has a permission (what a refusal tells the user to ask for). */
export function lowestRoleFor(permission: Permission): EffectiveRole {
  const found = (Object.keys(RANK) as EffectiveRole[]).find(
    (role) => RANK[role] === NEEDS[permission],
  );
  return found ?? 'admin';
}

/** The answer's message when a role may not make a call (HTTP 403, statusCode 201 Fail). */
export function roleForbiddenMessage(role: EffectiveRole, permission: Permission): string {
  return `Your role (${role}) may not do this: it needs the ${lowestRoleFor(permission)} role. Ask your factory's Admin.`;
}

/**
 * Every signed-in route's permission, by `METHOD path` as the contract spells
 * it (`{id}` segments, no query: the three group updates share one route).
 * The server refuses a signed-in route missing here (fail closed), and the
 * role suite walks the app's route table against this list.
 */
export const ROUTE_PERMISSIONS: Readonly<Record<string, Permission>> = {
  // Reading, and one's own session and password.
  'POST /User/SignOut': 'view',
  'POST /v1/User/Account': 'view',
  'POST /v1/User/ChangePassword': 'view',
  // Several plants per person (decision 0089): every member lists and switches their own.
  'POST /v1/User/Factories': 'view',
  'POST /v1/User/SwitchFactory': 'view',
  'POST /v1/Sso/SignOut': 'view',
  'POST /v1/Channel/Group': 'view',
  'POST /v1/Channel/Schedule': 'view',
  'POST /v1/Web/Monitor/Device': 'view',
  'POST /v1/Web/Monitor/Device/ConsumptionQuery': 'view',
  'POST /v1/Web/Monitor/Device/Power/Detail': 'view',
  'POST /v1/Web/Monitor/Device/Baseline': 'view',
  'POST /v1/Web/Waste/Findings': 'view',
  'POST /v1/Web/Setting/Alarm/List': 'view',
  'POST /v1/Setting/GetEmailReceivers': 'view',
  'POST /v1/Web/Overview': 'view',
  'POST /v1/Web/Overview/ConsumeRatio': 'view',
  'POST /v1/Web/Overview/PowerChart': 'view',
  'POST /v1/Web/Factory/Channel/List': 'view',
  'POST /v1/Web/Factory/Channel/Energy': 'view',
  'POST /v1/Web/Factory/Channel/Report': 'view',
  'POST /v1/Web/Factory/Channel/Report/ExportLink': 'view',
  'GET /v1/Web/Factory/Channel/Report/Export': 'view',
  'POST /v1/Web/Factory/Channel/Report/Export': 'view',
  'POST /v1/Web/Cost/Node': 'view',
  'POST /v1/Web/Cost/Summary': 'view',
  'POST /v1/Web/Carbon/Scope2': 'view',
  'POST /v1/Demand/Status': 'view',
  // Switching loads, their timers, clearing alarms.
  'POST /v1/Channel/Group/Update': 'operate',
  'POST /v1/Channel/Schedule/Update': 'operate',
  'PUT /v1/Event/{id}/resolve': 'operate',
  // Settings that change what others are told or what gets shed.
  'POST /v1/Web/Setting/Alarm/Update': 'manage',
  'POST /v1/Setting/UpdateEmailReceivers': 'manage',
  'POST /v1/Channel/ShedPriority/Update': 'manage',
  'POST /v1/Web/Announcement/Create': 'manage',
  'POST /api/test/alarm': 'manage',
  'POST /API/v1/TestEmail/send-test': 'manage',
  'POST /api/test/demand/overload': 'manage',
  'POST /api/test/demand/step': 'manage',
};

/** The permission of a signed-in route, or undefined when it has none (refused). */
export function routePermission(method: string, path: string): Permission | undefined {
  if (path.startsWith('/v1/Admin/')) return 'administer';
  return ROUTE_PERMISSIONS[`${method} ${path}`];
}
