import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AbnormalNotification } from '@wattboard/contract';
import { useResolveEvent } from '../api/resolve-event';
import { alertTexts, formatNotificationTime } from '../model/notification-display';

function AbnormalRow({ alert, zone }: { alert: AbnormalNotification; zone: string | null }) {
  const { t, i18n } = useTranslation();
  const resolve = useResolveEvent();
  const titleId = useId();
  const { title, desc } = alertTexts(alert, i18n.language);
  // Solved at once after a successful clear; the server's refreshed list confirms it a moment later.
  const solved = alert.state === 'resolved' || resolve.isSuccess;

  return (
    <li className="wb-notification" data-testid="abnormal-notification">
      <div className="wb-notification__head">
        <span id={titleId} className="wb-notification__title">
          {title}
        </span>
        <time className="wb-notification__time" dateTime={alert.time}>
          {formatNotificationTime(alert.time, zone)}
        </time>
      </div>
      {desc && <p className="wb-notification__desc">{desc}</p>}
      <div className="wb-notification__actions">
        {solved ? (
          <span className="wb-notification__solved">{t('notifications.solved')}</span>
        ) : (
          <button
            type="button"
            className="wb-button wb-button--secondary wb-notification__clear"
            disabled={resolve.isPending}
            aria-describedby={titleId}
            onClick={() => resolve.mutate(alert.id)}
          >
            {resolve.isPending ? t('notifications.clearing') : t('notifications.clearAlarm')}
          </button>
        )}
      </div>
    </li>
  );
}

/** The Abnormal tab: newest first, Clear Alarm while unresolved, Solved after. */
export function AbnormalList({
  alerts,
  zone,
}: {
  alerts: readonly AbnormalNotification[];
  zone: string | null;
}) {
  const { t } = useTranslation();
  if (alerts.length === 0) {
    return <p className="wb-notifications__empty">{t('notifications.emptyAbnormal')}</p>;
  }
  return (
    <ul className="wb-notifications__list">
      {alerts.map((alert) => (
        <AbnormalRow key={alert.id} alert={alert} zone={zone} />
      ))}
    </ul>
  );
}
