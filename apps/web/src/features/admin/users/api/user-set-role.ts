import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserSetRole } from '@wattboard/contract';
import type { UserRole } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { adminUsersKeyRoot } from './user-list';
import { readAgain } from '@/lib/read-again';

export interface UserRoleChange {
  userId: number;
  role: UserRole;
}

export function setUserRole(change: UserRoleChange) {
  return callApi(adminUserSetRole, change);
}

/**
 * POST /v1/Admin/User/Role: what the user may do from their next call on
 * (their sessions stay). The Admin user's role is fixed (201 Fail).
 */
export function useSetUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminUsersKeyRoot, 'role'],
    mutationFn: setUserRole,
    // A change is never repeated behind the person's back (a retried add could add twice).
    retry: false,
    onSuccess: () => readAgain(queryClient, adminUsersKeyRoot),
  });
}
