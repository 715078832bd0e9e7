import { useTranslation } from 'react-i18next';
import type { OfficialNotification } from '@wattboard/contract';
import { formatNotificationTime } from '../model/notification-display';

/** The Official tab: announcements, newest first. */
export function OfficialList({
  announcements,
  zone,
}: {
  announcements: readonly OfficialNotification[];
  zone: string | null;
}) {
  const { t } = useTranslation();
  if (announcements.length === 0) {
    return <p className="wb-notifications__empty">{t('notifications.emptyOfficial')}</p>;
  }
  return (
    <ul className="wb-notifications__list">
      {announcements.map((announcement) => (
        <li key={announcement.id} className="wb-notification" data-testid="official-notification">
          <p className="wb-notification__content">{announcement.content}</p>
          <time className="wb-notification__time" dateTime={announcement.time}>
            {formatNotificationTime(announcement.time, zone)}
          </time>
        </li>
      ))}
    </ul>
  );
}
