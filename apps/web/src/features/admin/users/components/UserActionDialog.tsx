import type { AdminUser } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { useResetUserPassword } from '../api/user-reset-password';
import { useSetUserStatus } from '../api/user-set-status';
import { ConfirmDialog } from '@/features/admin/shared/components/ConfirmDialog';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import type { IssuedPassword } from './OneTimePasswordDialog';

/** A row's actions; `role` opens the role dialog (RoleDialog). */
export type UserAction = 'disable' | 'enable' | 'reset' | 'role';

interface UserActionDialogProps {
  /** The user and what to do; disable and reset ask first, enable does not. */
  target: { user: AdminUser; action: 'disable' | 'reset' } | null;
  onClose: () => void;
  onPasswordIssued: (issued: IssuedPassword) => void;
}

/** Asks before disabling a user (signed out at once) or resetting its password. */
export function UserActionDialog({ target, onClose, onPasswordIssued }: UserActionDialogProps) {
  const { t } = useTranslation();
  const texts = useAdminTexts();
  const setStatus = useSetUserStatus();
  const reset = useResetUserPassword();
  const name = target?.user.username ?? '';

  const confirm = () => {
    if (!target) return;
    if (target.action === 'disable') {
      setStatus.mutate(
        { userId: target.user.id, status: 'disabled' },
        {
          onSuccess: () => {
            toast.success(t('admin.users.disabled', { name }));
            onClose();
          },
          onError: (error) => toast.error(texts.error(error)),
        },
      );
      return;
    }
    reset.mutate(target.user.id, {
      onSuccess: (answer) =>
        onPasswordIssued({
          username: answer.user.username,
          password: answer.oneTimePassword,
          reason: 'reset',
        }),
      onError: (error) => toast.error(texts.error(error)),
    });
  };

  const disabling = target?.action === 'disable';
  return (
    <ConfirmDialog
      open={target !== null}
      title={
        disabling ? t('admin.users.disableTitle', { name }) : t('admin.users.resetTitle', { name })
      }
      text={disabling ? t('admin.users.disableText') : t('admin.users.resetText')}
      confirmLabel={disabling ? t('admin.users.disable') : t('admin.users.resetPassword')}
      busy={setStatus.isPending || reset.isPending}
      onConfirm={confirm}
      onClose={onClose}
    />
  );
}
