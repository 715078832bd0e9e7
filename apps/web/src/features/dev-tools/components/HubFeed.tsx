import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/QueryStates';
import type { LogLine, RawEvent } from '../model/feed';
import { formatNotificationTime } from '../model/notification-display';

/** The latest raw server events, newest first. */
export function RawEventList({ events }: { events: readonly RawEvent[] }) {
  const { t } = useTranslation();
  if (events.length === 0) return <EmptyState text={t('devTools.rawEvents.empty')} />;
  return (
    <ol className="wb-devtools-feed" aria-label={t('devTools.rawEvents.listLabel')}>
      {[...events].reverse().map((event) => (
        <li key={event.seq} className="wb-devtools-feed__item" data-testid="raw-event">
          <span className="wb-devtools-feed__time">
            {formatNotificationTime(event.receivedAt, null)}
          </span>
          <strong>{event.name}</strong>
          <code className="wb-devtools-feed__payload">{event.payload}</code>
        </li>
      ))}
    </ol>
  );
}

/** The connection log, oldest line first like any log. */
export function ConnectionLog({ lines }: { lines: readonly LogLine[] }) {
  const { t } = useTranslation();
  if (lines.length === 0) return <EmptyState text={t('devTools.log.empty')} />;
  return (
    <ol className="wb-devtools-feed wb-devtools-feed--log" aria-label={t('devTools.log.listLabel')}>
      {lines.map((line) => (
        <li key={line.seq} className="wb-devtools-feed__item" data-testid="log-line">
          <code>{line.text}</code>
        </li>
      ))}
    </ol>
  );
}
