import { effectiveRole, lowestRoleFor, StatusCode } from '@wattboard/contract';
import type { EffectiveRole, Permission } from '@wattboard/contract';
import type { TFunction } from 'i18next';
import { ApiError } from './api-errors';

/**
 * What a control held back for the user's role would have done: the phrase
 * (roles.actions.*) that completes "Your role (Viewer) can look but not …".
 */
export type RoleAction =
  | 'switchLoads'
  | 'editTimers'
  | 'clearAlarms'
  | 'setThresholds'
  | 'setReceivers'
  | 'setPriorities'
  | 'createAnnouncements'
  | 'runTests';

/** A role's name in the page's language (Viewer / 檢視者, …; the Admin user is "Admin"). */
export function roleName(t: TFunction, role: EffectiveRole): string {
  return t(`roles.names.${role}`);
}

/** Why `role` may not do `action` (which needs `permission`), and whom to ask for what. */
export function roleReason(
  t: TFunction,
  role: EffectiveRole,
  permission: Permission,
  action: RoleAction,
): string {
  return t(role === 'viewer' ? 'roles.reason.viewer' : 'roles.reason.other', {
    role: roleName(t, role),
    action: t(`roles.actions.${action}`),
    needed: roleName(t, lowestRoleFor(permission)),
  });
}

// The contract's roleForbiddenMessage: "Your role (viewer) may not do this: it needs the operator role. …"
const REFUSAL = /^Your role \((\w+)\) may not do this: it needs the (\w+) role\b/;

/**
 * A call the server refused for the caller's role (HTTP 403, statusCode Fail,
 * the contract's role message): the role it acted with and the role it needs.
 * The role may have changed while the page was open, so the page could not
 * hold the control back itself.
 */
export function roleRefusal(error: unknown): { role: EffectiveRole; needed: EffectiveRole } | null {
  if (!(error instanceof ApiError) || error.httpStatus !== 403) return null;
  if (error.statusCode !== StatusCode.Fail) return null;
  const match = REFUSAL.exec(error.message);
  const role = effectiveRole.safeParse(match?.[1]);
  const needed = effectiveRole.safeParse(match?.[2]);
  return role.success && needed.success ? { role: role.data, needed: needed.data } : null;
}

/** The role refusal in the page's language, or null when `error` is not one. */
export function roleRefusalText(error: unknown, t: TFunction): string | null {
  const refusal = roleRefusal(error);
  if (!refusal) return null;
  return t('roles.refused', {
    role: roleName(t, refusal.role),
    needed: roleName(t, refusal.needed),
  });
}

/** What to tell the user about a failed change: a role refusal as such, else `fallbackKey`'s text. */
export function failureText(error: unknown, t: TFunction, fallbackKey: string): string {
  return roleRefusalText(error, t) ?? t(fallbackKey);
}
