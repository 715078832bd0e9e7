import { Navigate, NavLink, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isAdministrator } from '@/lib/admin-access';
import { useSession } from '@/lib/hooks/use-session';
import {
  ADMIN_SECTIONS,
  adminSectionFrom,
  adminSectionPath,
  DEFAULT_ADMIN_SECTION,
} from '../model/sections';
import { AdminSectionView } from './AdminSectionView';
import './admin.css';

/**
 * The Admin page (issue #13): one sub-route per section, so every section can
 * be linked to and the browser's back button moves between them. Only the
 * administrator gets here from the sidebar; anyone else who types the address
 * is told so (the server refuses their calls with 403 anyway).
 */
export function AdminPage() {
  const { t } = useTranslation();
  const session = useSession();
  const { section: segment } = useParams();
  const section = adminSectionFrom(segment);

  if (!isAdministrator(session?.username)) {
    return (
      <div className="wb-page">
        <h1 className="wb-page__title">{t('pages.admin.title')}</h1>
        <p className="wb-page__intro" role="alert">
          {t('admin.notAllowed')}
        </p>
      </div>
    );
  }
  if (!section) return <Navigate to={adminSectionPath(DEFAULT_ADMIN_SECTION)} replace />;

  return (
    <div className="wb-page wb-admin">
      <h1 className="wb-page__title">{t('pages.admin.title')}</h1>
      <nav className="wb-admin__nav" aria-label={t('admin.sectionsLabel')}>
        <ul>
          {ADMIN_SECTIONS.map((id) => (
            <li key={id}>
              <NavLink to={adminSectionPath(id)} className="wb-admin__tab">
                {t(`admin.sections.${id}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <section className="wb-admin__section" aria-label={t(`admin.sections.${section}`)}>
        <AdminSectionView section={section} />
      </section>
    </div>
  );
}
