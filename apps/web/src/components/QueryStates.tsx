import { useTranslation } from 'react-i18next';
import { Spinner } from './Spinner';
import './states.css';

/**
 * The spinner and "Loading...". `minHeight` reserves the space of what will
 * arrive (a skeleton of the final size), so nothing below it jumps (CLS).
 */
export function LoadingState({ minHeight }: { minHeight?: string } = {}) {
  const { t } = useTranslation();
  return (
    <div
      className={minHeight ? 'wb-state wb-state--skeleton' : 'wb-state'}
      role="status"
      style={minHeight ? { minHeight } : undefined}
    >
      <Spinner />
      <span>{t('states.loading')}</span>
    </div>
  );
}

export function ErrorState({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="wb-state wb-state--error" role="alert">
      <span>{t('states.error')}</span>
      {onRetry && (
        <button type="button" className="wb-button wb-button--secondary" onClick={onRetry}>
          {t('states.retry')}
        </button>
      )}
    </div>
  );
}

export function EmptyState({ text }: { text: string }) {
  return <div className="wb-state wb-state--empty">{text}</div>;
}
