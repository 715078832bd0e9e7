import { useTranslation } from 'react-i18next';

/** Spec §2: the admin page's content is not shown; it carries its title. */
export function AdminPage() {
  const { t } = useTranslation();
  return (
    <div className="wb-page">
      <h1 className="wb-page__title">{t('pages.admin.title')}</h1>
    </div>
  );
}
