import { useTranslation } from 'react-i18next';
import { useSsoStart } from '../api/use-sso-start';

/** "Sign in with single sign-on", shown once the e-mail's factory has it. */
export function SsoButton({ email }: { email: string }) {
  const { t } = useTranslation();
  const startUrl = useSsoStart(email);
  if (!startUrl) return null;
  return (
    <a className="wb-button wb-login-form__sso" href={startUrl}>
      {t('sso.signIn')}
    </a>
  );
}
