import { useQuery } from '@tanstack/react-query';
import { roleAllows } from '@wattboard/contract';
import type { EffectiveRole, Permission } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { userAccountQueryOptions } from '../queries/user-account';
import { roleReason } from '../roles';
import type { RoleAction } from '../roles';
import { useSession } from './use-session';

export interface PermissionCheck {
  /** The control may be used. True while the role is not known: the server decides then. */
  allowed: boolean;
  /** The signed-in user's role, once the account has answered. */
  role: EffectiveRole | null;
  /** Why not, in the page's language ("Your role (Viewer) can look but not …"); null when allowed. */
  reason: string | null;
}

/** Many controls ask, each need not read again: a password change and a role refusal (query-client) do. */
const ROLE_STALE_MS = 5 * 60_000;

/**
 * May the signed-in user do what needs `permission` (docs/roles.md)? Built on
 * the contract's roleAllows and the account call's role, so the page holds
 * back exactly what the server would refuse. `action` words the reason.
 */
export function usePermission(permission: Permission, action: RoleAction): PermissionCheck {
  const { t } = useTranslation();
  const session = useSession();
  const account = useQuery({
    ...userAccountQueryOptions(session?.email ?? '', session?.token ?? ''),
    staleTime: ROLE_STALE_MS,
  });
  const role = account.data?.role ?? null;
  if (role === null || roleAllows(role, permission)) return { allowed: true, role, reason: null };
  return { allowed: false, role, reason: roleReason(t, role, permission, action) };
}
