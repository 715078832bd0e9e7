import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userChangePassword } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { userAccountKeyRoot } from '@/lib/queries/user-account';
import { readAgain } from '@/lib/read-again';

export interface PasswordChange {
  oldPassword: string;
  newPassword: string;
}

export function changePassword(change: PasswordChange) {
  return callApi(userChangePassword, change);
}

/**
 * POST /v1/User/ChangePassword: this session stays, every other one is
 * signed out. Settles after the account was read again (the forced-change
 * screen then lets the user in).
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['change-password'],
    mutationFn: changePassword,
    retry: false,
    onSuccess: () => readAgain(queryClient, userAccountKeyRoot),
  });
}
