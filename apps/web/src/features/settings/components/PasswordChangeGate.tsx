import { lazy, Suspense, useDeferredValue } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { PageLoading } from '@/components/PageLoading';
import { Spinner } from '@/components/Spinner';
import { useUserAccount } from '@/lib/queries/user-account';
import { usePasswordChangeRefusal } from '../hooks/use-password-change-refusal';
import './password.css';

// Fetched only for the user who must choose a password: the form brings
// react-hook-form, which the app's first screen does not need (issue #14).
const ChangePasswordForm = lazy(async () => ({
  default: (await import('./ChangePasswordForm')).ChangePasswordForm,
}));

/**
 * After signing in with a one-time password the user must choose a new one
 * before anything else (issue #13): this screen replaces the app until then.
 * When the account cannot be read (an older server) the app carries on; the
 * server refuses data calls meanwhile (PasswordChangeRequired), and such a
 * refusal reads the account again, closing this screen over the app.
 */
export function PasswordChangeGate({
  children,
  onSignOut,
}: {
  children: ReactNode;
  /** Leaves without choosing (the app's sign-out). */
  onSignOut: () => void;
}) {
  const { t } = useTranslation();
  const account = useUserAccount();
  usePasswordChangeRefusal();
  // What opens after the account's answer (the frame and the page with all its
  // cards) renders as an interruptible transition: one sync render of it was the
  // longest task of a first load (~210 ms on a throttled phone, issue #14).
  const pending = useDeferredValue(account.isPending);
  if (pending) return <PageLoading />;
  if (!account.data?.mustChangePassword) return children;
  return (
    <div className="wb-password-screen">
      <section className="wb-password-screen__card" aria-labelledby="choose-password-title">
        <div className="wb-password-screen__top">
          <h1 id="choose-password-title" className="wb-password-screen__title">
            {t('admin.account.chooseTitle')}
          </h1>
          <LanguageSwitch />
        </div>
        <p>{t('admin.account.chooseText')}</p>
        <Suspense fallback={<Spinner />}>
          <ChangePasswordForm />
        </Suspense>
        <button
          type="button"
          className="wb-button wb-button--secondary wb-password-screen__leave"
          onClick={onSignOut}
        >
          {t('admin.account.signOut')}
        </button>
      </section>
    </div>
  );
}
