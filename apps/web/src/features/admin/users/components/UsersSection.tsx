import { useState } from 'react';
import type { AdminUser } from '@wattboard/contract';
import { UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';
import { toast } from 'react-toastify';
import { useAdminUsers } from '../api/user-list';
import { useSetUserStatus } from '../api/user-set-status';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { AddUserDialog } from './AddUserDialog';
import { OneTimePasswordDialog } from './OneTimePasswordDialog';
import { RoleDialog } from './RoleDialog';
import type { IssuedPassword } from './OneTimePasswordDialog';
import { UserActionDialog } from './UserActionDialog';
import type { UserAction } from './UserActionDialog';
import { UsersTable } from './UsersTable';

/** Users: the list, add (one-time password shown once), role, disable / enable, reset password. */
export function UsersSection() {
  const { t } = useTranslation();
  const users = useAdminUsers();
  const [adding, setAdding] = useState(false);
  const [issued, setIssued] = useState<IssuedPassword | null>(null);
  const [action, setAction] = useState<{ user: AdminUser; action: 'disable' | 'reset' } | null>(
    null,
  );
  const [roleOf, setRoleOf] = useState<AdminUser | null>(null);
  const setStatus = useSetUserStatus();
  const texts = useAdminTexts();
  // Enabling gives access back and needs no confirmation; disabling and resets ask first.
  const onAction = (user: AdminUser, next: UserAction) => {
    if (next === 'role') {
      setRoleOf(user);
      return;
    }
    if (next !== 'enable') {
      setAction({ user, action: next });
      return;
    }
    setStatus.mutate(
      { userId: user.id, status: 'active' },
      {
        onSuccess: () => toast.success(t('admin.users.enabled', { name: user.username })),
        onError: (error) => toast.error(texts.error(error)),
      },
    );
  };

  return (
    <div className="wb-admin-panel">
      <div className="wb-admin-panel__bar">
        <h2 className="wb-admin-panel__title">{t('admin.users.title')}</h2>
        <button
          type="button"
          className="wb-button wb-button--primary"
          onClick={() => setAdding(true)}
        >
          <UserPlus size={16} aria-hidden="true" />
          {t('admin.users.add')}
        </button>
      </div>
      {users.isPending ? (
        <LoadingState />
      ) : users.isError ? (
        <ErrorState onRetry={() => void users.refetch()} />
      ) : users.data.length === 0 ? (
        <EmptyState text={t('admin.users.empty')} />
      ) : (
        <UsersTable users={users.data} onAction={onAction} />
      )}
      <AddUserDialog
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(answer) => {
          setAdding(false);
          setIssued({
            username: answer.user.username,
            password: answer.oneTimePassword,
            reason: 'added',
          });
        }}
      />
      <UserActionDialog
        target={action}
        onClose={() => setAction(null)}
        onPasswordIssued={(next) => {
          setAction(null);
          setIssued(next);
        }}
      />
      <RoleDialog user={roleOf} onClose={() => setRoleOf(null)} />
      <OneTimePasswordDialog issued={issued} onClose={() => setIssued(null)} />
    </div>
  );
}
