import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserSetStatus } from '@wattboard/contract';
import type { UserStatus } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { adminUsersKeyRoot } from './user-list';
import { readAgain } from '@/lib/read-again';

export interface UserStatusChange {
  userId: number;
  status: UserStatus;
}

export function setUserStatus(change: UserStatusChange) {
  return callApi(adminUserSetStatus, change);
}

/** POST /v1/Admin/User/Status: disabling signs the user out everywhere at once. */
export function useSetUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminUsersKeyRoot, 'status'],
    mutationFn: setUserStatus,
    // A change is never repeated behind the person's back (a retried add could add twice).
    retry: false,
    onSuccess: () => readAgain(queryClient, adminUsersKeyRoot),
  });
}
