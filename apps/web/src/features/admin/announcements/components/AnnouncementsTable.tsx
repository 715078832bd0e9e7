import type { AdminAnnouncement } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { factoryDateTime } from '@/features/admin/shared/model/times';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';

/** Title and content, when it runs (factory clock), state, who created it, End now. */
export function AnnouncementsTable({
  announcements,
  onEnd,
}: {
  announcements: AdminAnnouncement[];
  onEnd: (announcement: AdminAnnouncement) => void;
}) {
  const { t } = useTranslation();
  const zone = useFactoryTimeBase()?.zone ?? null;
  return (
    <ResponsiveTable label={t('admin.announcements.title')}>
      <table className="wb-table wb-admin-table">
        <caption className="wb-visually-hidden">{t('admin.announcements.title')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('admin.announcements.fields.title')}</th>
            <th scope="col">{t('admin.announcements.columns.runs')}</th>
            <th scope="col">{t('admin.announcements.columns.state')}</th>
            <th scope="col">{t('admin.announcements.columns.by')}</th>
            <th scope="col">{t('admin.common.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {announcements.map((a) => (
            <tr key={a.id} data-testid="admin-announcement-row">
              <th scope="row">
                {a.isImportant && (
                  <span className="wb-admin-status--failed">
                    {t('admin.announcements.important')}{' '}
                  </span>
                )}
                {a.title}
                <span className="wb-admin-node__zh">{a.content}</span>
              </th>
              <td>
                {factoryDateTime(a.dtStart, zone)} – {factoryDateTime(a.dtEnd, zone)}
              </td>
              <td>
                {t(`admin.announcements.state.${a.state}`)}
                {a.platformWide && (
                  <span className="wb-admin__hint"> {t('admin.announcements.platform')}</span>
                )}
              </td>
              <td>{a.createdBy ?? t('admin.announcements.system')}</td>
              <td className="wb-admin-table__actions">
                {a.state !== 'ended' && !a.platformWide && (
                  <button
                    type="button"
                    className="wb-button wb-button--secondary"
                    onClick={() => onEnd(a)}
                  >
                    {t('admin.announcements.endNow')}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </ResponsiveTable>
  );
}
