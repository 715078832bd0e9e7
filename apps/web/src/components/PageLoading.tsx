import { useTranslation } from 'react-i18next';
import { Spinner } from './Spinner';
import './states.css';

/** Shown while a lazily loaded page arrives (a spinner and "Loading..."). */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="wb-page-loading" role="status">
      <Spinner size="lg" />
      <span>{t('app.loading')}</span>
    </div>
  );
}
