import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminUserAdd } from '@wattboard/contract';
import type { UserRole } from '@wattboard/contract';
import { callApi } from '@/lib/api-client';
import { adminUsersKeyRoot } from './user-list';
import { readAgain } from '@/lib/read-again';

export interface NewUser {
  username: string;
  userEmail: string;
  /** What the user may do (docs/roles.md); the dialog starts at viewer. */
  role: UserRole;
}

export function addUser(user: NewUser) {
  return callApi(adminUserAdd, user);
}

/** POST /v1/Admin/User/Add: answers the new user and its one-time password (shown once). */
export function useAddUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...adminUsersKeyRoot, 'add'],
    mutationFn: addUser,
    // A change is never repeated behind the person's back (a retried add could add twice).
    retry: false,
    onSuccess: () => readAgain(queryClient, adminUsersKeyRoot),
  });
}
