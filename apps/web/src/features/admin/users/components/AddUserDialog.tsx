import { useEffect } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_MESSAGES, adminUserAddRequest, userRole } from '@wattboard/contract';
import type { AdminUserWithPasswordResponse } from '@wattboard/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Dialog } from '@/components/Dialog';
import { ApiError } from '@/lib/api-errors';
import { useAddUser } from '../api/user-add';
import type { NewUser } from '../api/user-add';
import { FormField } from '@/components/ui/FormField';
import { RoleField } from './RoleField';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import { FormFooter } from '@/features/admin/shared/components/FormFooter';

// The role is always chosen here (the request's default is for other callers).
const addUserForm = adminUserAddRequest
  .pick({ username: true, userEmail: true })
  .extend({ role: userRole });
const EMPTY: NewUser = { username: '', userEmail: '', role: 'viewer' };

interface AddUserDialogProps {
  open: boolean;
  onClose: () => void;
  onAdded: (answer: AdminUserWithPasswordResponse) => void;
}

/** Name, e-mail and role of a new user; a taken name or e-mail is shown at its field. */
export function AddUserDialog({ open, onClose, onAdded }: AddUserDialogProps) {
  const { t } = useTranslation();
  const texts = useAdminTexts();
  const add = useAddUser();
  const form = useForm<NewUser>({
    resolver: zodResolver(addUserForm),
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, formState, setError, reset } = form;

  useEffect(() => {
    if (open) reset(EMPTY);
  }, [open, reset]);

  const onSubmit = handleSubmit((values) =>
    add.mutate(values, {
      onSuccess: onAdded,
      onError: (error) => {
        const message = error instanceof ApiError ? error.message : '';
        if (message === ADMIN_MESSAGES.emailTaken) setError('userEmail', { message });
        else if (message === ADMIN_MESSAGES.usernameTaken) setError('username', { message });
        else setError('root', { message: texts.error(error) });
      },
    }),
  );
  const serverField = (field: 'username' | 'userEmail') => {
    const message = formState.errors[field]?.message;
    if (message === ADMIN_MESSAGES.emailTaken) return t('admin.errors.emailTaken');
    if (message === ADMIN_MESSAGES.usernameTaken) return t('admin.errors.usernameTaken');
    return texts.field(message);
  };

  return (
    <Dialog
      open={open}
      title={t('admin.users.addTitle')}
      closeLabel={t('admin.common.close')}
      onClose={onClose}
    >
      <form className="wb-admin-form" noValidate onSubmit={(event) => void onSubmit(event)}>
        <FormField label={t('admin.users.columns.name')} message={serverField('username')}>
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              className="wb-input"
              autoComplete="off"
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('username')}
            />
          )}
        </FormField>
        <FormField
          label={t('admin.users.columns.email')}
          message={serverField('userEmail')}
          hint={t('admin.users.emailHint')}
        >
          {({ id, describedBy, invalid }) => (
            <input
              id={id}
              type="email"
              className="wb-input"
              autoComplete="off"
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('userEmail')}
            />
          )}
        </FormField>
        <RoleField {...register('role')} />
        <FormFooter
          error={formState.errors.root?.message}
          submitLabel={t('admin.users.addSubmit')}
          pending={add.isPending}
          onCancel={onClose}
        />
      </form>
    </Dialog>
  );
}
