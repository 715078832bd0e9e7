import { useTranslation } from 'react-i18next';
import './logo.css';

/** The Wattboard mark (a bolt on a tile) and wordmark. */
export function Logo() {
  const { t } = useTranslation();
  return (
    <span className="wb-logo">
      <svg className="wb-logo__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="currentColor" />
        <path d="M18 4 8 18h7l-2 10 11-15h-7z" fill="var(--color-bolt)" />
      </svg>
      <span className="wb-logo__word">{t('app.name')}</span>
    </span>
  );
}
