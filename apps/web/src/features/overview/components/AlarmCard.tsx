import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDevMode } from '@/lib/in-app-link';
import { useNotifications } from '@/lib/notifications';
import { dateTime } from '../model/diary';
import { alarmTexts, mergeOpenAlarms } from '../model/open-alarms';
import { monitoringPointHref } from '../model/tree';
import { CardState, OverviewCard } from './OverviewCard';
import type { OverviewQuery } from './types';

/**
 * Open alarm events: the Overview's list, kept current by the hub's alerts
 * (a new alarm appears at once; a cleared one leaves). A factory without
 * monitoring points keeps the placeholder "Alarm (coming soon)".
 */
export function AlarmCard({
  query,
  today,
  zone,
}: {
  query: OverviewQuery;
  today: string;
  zone: string | null;
}) {
  const { t, i18n } = useTranslation();
  const devMode = useDevMode();
  const { abnormal } = useNotifications();
  const alarms = useMemo(
    () => mergeOpenAlarms(query.data?.openAlarms ?? [], abnormal),
    [query.data?.openAlarms, abnormal],
  );
  const emptyFactory = query.data !== undefined && query.data.detectLine.length === 0;
  return (
    <OverviewCard
      title={t('overview.alarm.title')}
      testId="overview-alarm"
      height={160}
      phoneHeight={144}
      meta={alarms.length > 0 ? t('overview.alarm.count', { count: alarms.length }) : undefined}
    >
      <CardState
        query={query}
        empty={alarms.length === 0}
        emptyText={emptyFactory ? t('overview.alarm.comingSoon') : t('overview.alarm.empty')}
      >
        <ul className="wb-ov-alarms">
          {alarms.map((alarm) => {
            const { title, desc } = alarmTexts(alarm, i18n.language);
            return (
              <li key={alarm.id} className="wb-ov-alarms__item" data-testid="open-alarm">
                <div className="wb-ov-alarms__head">
                  {alarm.nodeId === null ? (
                    <span className="wb-ov-alarms__title">{title}</span>
                  ) : (
                    <Link
                      className="wb-ov-alarms__title"
                      to={monitoringPointHref(alarm.nodeId, today, devMode)}
                    >
                      {title}
                    </Link>
                  )}
                  <time dateTime={alarm.time} className="wb-ov-note">
                    {dateTime(alarm.time, zone)}
                  </time>
                </div>
                {desc && <p className="wb-ov-alarms__desc">{desc}</p>}
              </li>
            );
          })}
        </ul>
      </CardState>
    </OverviewCard>
  );
}
