import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserResetPassword } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { adminUsersKeyRoot } from './user-list';
import { readAgain } from '@/lib/read-again';

export function resetUserPassword(userId: number) {
  return callApi(adminUserResetPassword, { userId });
}

/** POST /v1/Admin/User/ResetPassword: a new one-time password (shown once); sessions revoked. */
export function useResetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminUsersKeyRoot, 'reset-password'],
    mutationFn: resetUserPassword,
    // A change is never repeated behind the person's back (a retried add could add twice).
    retry: false,
    onSuccess: () => readAgain(queryClient, adminUsersKeyRoot),
  });
}
