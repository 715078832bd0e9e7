import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { AbnormalNotification } from '@wattboard/contract';
import { RoleNote } from '@/components/RoleNote';
import { usePermission } from '@/lib/hooks/use-permission';
import type { PermissionCheck } from '@/lib/hooks/use-permission';
import { roleRefusalText } from '@/lib/roles';
import { useResolveEvent } from '../api/resolve-event';
import { alertTexts, formatNotificationTime } from '../model/notification-display';

interface AbnormalRowProps {
  alert: AbnormalNotification;
  zone: string | null;
  /** May this user clear alarms; when not, `noteId` says why. */
  clear: PermissionCheck;
  noteId: string;
}

function AbnormalRow({ alert, zone, clear, noteId }: AbnormalRowProps) {
  const { t, i18n } = useTranslation();
  const resolve = useResolveEvent();
  const titleId = useId();
  const { title, desc } = alertTexts(alert, i18n.language);
  // Solved at once after a successful clear; the server's refreshed list confirms it a moment later.
  const solved = alert.state === 'resolved' || resolve.isSuccess;
  // Other failures stay logged only; a role refusal (the role changed meanwhile) says why.
  const refused = roleRefusalText(resolve.error, t);

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
            disabled={resolve.isPending || !clear.allowed}
            aria-describedby={clear.allowed ? titleId : `${titleId} ${noteId}`}
            onClick={() => resolve.mutate(alert.id)}
          >
            {resolve.isPending ? t('notifications.clearing') : t('notifications.clearAlarm')}
          </button>
        )}
      </div>
      {refused && !solved && (
        <p className="wb-notification__desc" role="alert">
          {refused}
        </p>
      )}
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
  const clear = usePermission('operate', 'clearAlarms');
  const noteId = useId();
  if (alerts.length === 0) {
    return <p className="wb-notifications__empty">{t('notifications.emptyAbnormal')}</p>;
  }
  const unresolved = alerts.some((alert) => alert.state !== 'resolved');
  return (
    <>
      {unresolved && <RoleNote id={noteId} reason={clear.reason} />}
      <ul className="wb-notifications__list">
        {alerts.map((alert) => (
          <AbnormalRow key={alert.id} alert={alert} zone={zone} clear={clear} noteId={noteId} />
        ))}
      </ul>
    </>
  );
}
