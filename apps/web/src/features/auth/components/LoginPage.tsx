import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { useSsoLanding } from '../api/use-sso-start';
import { LoginForm } from './LoginForm';
import './login.css';

/** The login screen: Account and Password, Log in, a language switch and the copyright footer. */
export function LoginPage() {
  const { t } = useTranslation();
  useSsoLanding();
  return (
    <div className="wb-login">
      <section className="wb-login__card" aria-labelledby="login-title">
        <div className="wb-login__top">
          <h1 id="login-title" className="wb-login__title">
            {t('login.title')}
          </h1>
          <LanguageSwitch />
        </div>
        <p className="wb-login__subtitle">{t('login.subtitle')}</p>
        <LoginForm />
      </section>
      <footer className="wb-login__footer">
        {t('app.copyright', { year: new Date().getFullYear() })}
      </footer>
    </div>
  );
}
