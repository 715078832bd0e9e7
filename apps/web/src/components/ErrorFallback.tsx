import { useTranslation } from 'react-i18next';
import { pageNavigation } from '@/lib/page-navigation';
import './error-fallback.css';

interface ErrorFallbackProps {
  error: unknown;
  componentStack?: string | null | undefined;
}

function describe(error: unknown): { name: string; message: string } {
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: typeof error, message: String(error) };
}

/** The error screen: error name, message and component stack, and a logout that clears all local storage. */
export function ErrorFallback({ error, componentStack }: ErrorFallbackProps) {
  const { t } = useTranslation();
  const { name, message } = describe(error);
  const logout = () => {
    localStorage.clear();
    pageNavigation.reload();
  };
  return (
    <main className="wb-error-screen">
      <div className="wb-error-screen__card" role="alert">
        <h1>{t('errorScreen.title')}</h1>
        <p className="wb-error-screen__intro">{t('errorScreen.intro')}</p>
        <dl>
          <dt>{t('errorScreen.name')}</dt>
          <dd>{name}</dd>
          <dt>{t('errorScreen.message')}</dt>
          <dd>{message}</dd>
          <dt>{t('errorScreen.componentStack')}</dt>
          <dd>
            <pre>{componentStack?.trim() || t('errorScreen.noStack')}</pre>
          </dd>
        </dl>
        <button type="button" className="wb-button wb-button--primary" onClick={logout}>
          {t('errorScreen.logout')}
        </button>
      </div>
    </main>
  );
}
