import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_MESSAGES } from '@wattboard/contract';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { Spinner } from '@/components/Spinner';
import { ApiError } from '@/lib/api-errors';
import { useChangePassword } from '../api/change-password';
import {
  emptyPasswordForm,
  newPasswordRefusal,
  passwordFormSchema,
  passwordMessageKey,
} from '../model/password-form';
import type { PasswordFormValues } from '../model/password-form';
import { PasswordField } from './PasswordField';

/**
 * "Change my password": the current one, the new one twice. A wrong current
 * password is shown at its field; the same one again or one the server finds
 * too weak (too common, built on the e-mail or the product's name) at the new
 * password, in the page's language. On success the other sessions are signed
 * out and the form empties.
 */
export function ChangePasswordForm({ onChanged }: { onChanged?: () => void }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const { register, handleSubmit, formState, setError, reset } = useForm<PasswordFormValues>({
    resolver: zodResolver(passwordFormSchema),
    defaultValues: emptyPasswordForm,
  });
  const messageOf = (field: keyof PasswordFormValues) => {
    const text = passwordMessageKey(formState.errors[field]?.message);
    return text ? t(text.key, text.values ?? {}) : null;
  };

  const onSubmit = handleSubmit(({ oldPassword, newPassword }) =>
    change.mutate(
      { oldPassword, newPassword },
      {
        onSuccess: (answer) => {
          reset(emptyPasswordForm);
          toast.success(t('admin.account.changed', { count: answer.revokedSessions }));
          onChanged?.();
        },
        onError: (error) => {
          const message = error instanceof ApiError ? error.message : '';
          if (message === ADMIN_MESSAGES.wrongPassword) setError('oldPassword', { message });
          else if (newPasswordRefusal(message)) setError('newPassword', { message });
          else if (error instanceof ApiError && error.httpStatus === 429)
            setError('root', { message: t('admin.account.tooMany') });
          else setError('root', { message: t('admin.account.failed') });
        },
      },
    ),
  );

  return (
    <form className="wb-password-form" noValidate onSubmit={(event) => void onSubmit(event)}>
      <PasswordField
        label={t('admin.account.oldPassword')}
        autoComplete="current-password"
        message={messageOf('oldPassword')}
        registration={register('oldPassword')}
      />
      <PasswordField
        label={t('admin.account.newPassword')}
        autoComplete="new-password"
        message={messageOf('newPassword')}
        registration={register('newPassword')}
      />
      <PasswordField
        label={t('admin.account.confirmPassword')}
        autoComplete="new-password"
        message={messageOf('confirmPassword')}
        registration={register('confirmPassword')}
      />
      {formState.errors.root?.message && (
        <p className="wb-field__error" role="alert">
          {formState.errors.root.message}
        </p>
      )}
      <p className="wb-password-form__note">{t('admin.account.othersSignedOut')}</p>
      <button type="submit" className="wb-button wb-button--primary" disabled={change.isPending}>
        {change.isPending && <Spinner size="sm" />}
        {t('admin.account.submit')}
      </button>
    </form>
  );
}
