import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import { userRole } from '@wattboard/contract';
import type { AdminUser, UserRole } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Dialog } from '@/components/Dialog';
import { useSetUserRole } from '../api/user-set-role';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { FormFooter } from '@/features/admin/shared/components/FormFooter';
import { RoleField } from './RoleField';

interface RoleDialogProps {
  /** The user whose role changes (never the Admin user: the table does not offer it). */
  user: AdminUser | null;
  onClose: () => void;
}

/** Changes what a user may do; their open sessions pick it up on their next call. */
export function RoleDialog({ user, onClose }: RoleDialogProps) {
  const { t } = useTranslation();
  const texts = useAdminTexts();
  const setRole = useSetUserRole();
  const [role, setChosen] = useState<UserRole>('viewer');
  const [error, setError] = useState<string | undefined>();

  useEffect(() => {
    if (user) setChosen(user.role);
    setError(undefined);
  }, [user]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    setRole.mutate(
      { userId: user.id, role },
      {
        onSuccess: (answer) => {
          const { username: name, role: now } = answer.user;
          toast.success(t('admin.users.roleChanged', { name, role: t(`roles.names.${now}`) }));
          onClose();
        },
        onError: (failure) => setError(texts.error(failure)),
      },
    );
  };

  return (
    <Dialog
      open={user !== null}
      title={t('admin.users.roleTitle', { name: user?.username ?? '' })}
      closeLabel={t('admin.common.close')}
      onClose={onClose}
    >
      <form className="wb-admin-form" noValidate onSubmit={submit}>
        <RoleField
          value={role}
          onChange={(event) => setChosen(userRole.parse(event.target.value))}
        />
        <FormFooter
          error={error}
          submitLabel={t('admin.common.save')}
          pending={setRole.isPending}
          disabled={user?.role === role}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
