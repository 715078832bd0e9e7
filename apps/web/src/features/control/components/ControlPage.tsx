import { useTranslation } from 'react-i18next';

export function ControlPage() {
  const { t } = useTranslation();
  return (
    <div className="wb-page">
      <h1 className="wb-page__title">{t('pages.control.title')}</h1>
      <p className="wb-page__intro">{t('pages.control.intro')}</p>
    </div>
  );
}
