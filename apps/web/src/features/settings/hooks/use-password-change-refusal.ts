import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isPasswordChangeRequired } from '@/lib/api-errors';
import { userAccountKeyRoot } from '@/lib/queries/user-account';

/**
 * When any call is refused because the session still has a one-time password
 * (the server's PasswordChangeRequired), the account is read again, so the
 * forced-change screen closes over the app even if the first account check
 * failed or is out of date. The server stays the authority.
 */
export function usePasswordChangeRefusal(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const recheck = (error: unknown) => {
      if (isPasswordChangeRequired(error)) {
        void queryClient.invalidateQueries({ queryKey: userAccountKeyRoot });
      }
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') recheck(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}
