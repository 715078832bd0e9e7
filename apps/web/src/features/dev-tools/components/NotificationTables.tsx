import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/QueryStates';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { useNotifications } from '@/lib/notifications';
import { alertTextsFor, formatNotificationTime } from '../model/notification-display';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';

/** Abnormal notifications with title, description, time and state. */
export function AbnormalTable() {
  const { t, i18n } = useTranslation();
  const zone = useFactoryTimeBase()?.zone ?? null;
  const { abnormal } = useNotifications();
  if (abnormal.length === 0) return <EmptyState text={t('devTools.abnormal.empty')} />;
  return (
    <ResponsiveTable label={t('devTools.abnormal.heading')}>
      <table className="wb-table" aria-label={t('devTools.abnormal.heading')}>
        <thead>
          <tr>
            <th scope="col">{t('devTools.position')}</th>
            <th scope="col">{t('devTools.abnormal.title')}</th>
            <th scope="col">{t('devTools.abnormal.description')}</th>
            <th scope="col">{t('devTools.abnormal.time')}</th>
            <th scope="col">{t('devTools.abnormal.state')}</th>
          </tr>
        </thead>
        <tbody>
          {abnormal.map((alert) => {
            const texts = alertTextsFor(alert, i18n.language);
            return (
              <tr key={alert.id}>
                <td className="wb-num">{alert.counter}</td>
                <td>{texts.title}</td>
                <td>{texts.description}</td>
                <td className="wb-num">{formatNotificationTime(alert.time, zone)}</td>
                <td>{t(`devTools.abnormal.states.${alert.state}`)}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </ResponsiveTable>
  );
}

/** Official notifications with content and time. */
export function OfficialTable() {
  const { t } = useTranslation();
  const zone = useFactoryTimeBase()?.zone ?? null;
  const { official } = useNotifications();
  if (official.length === 0) return <EmptyState text={t('devTools.official.empty')} />;
  return (
    <ResponsiveTable label={t('devTools.official.heading')}>
      <table className="wb-table" aria-label={t('devTools.official.heading')}>
        <thead>
          <tr>
            <th scope="col">{t('devTools.position')}</th>
            <th scope="col">{t('devTools.official.content')}</th>
            <th scope="col">{t('devTools.official.time')}</th>
          </tr>
        </thead>
        <tbody>
          {official.map((announcement) => (
            <tr key={announcement.id}>
              <td className="wb-num">{announcement.counter}</td>
              <td>{announcement.content}</td>
              <td className="wb-num">{formatNotificationTime(announcement.time, zone)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </ResponsiveTable>
  );
}
