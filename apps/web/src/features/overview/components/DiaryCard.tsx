import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDevMode } from '@/lib/in-app-link';
import { clockTime, diaryDescription } from '../model/diary';
import { monitoringPointHref } from '../model/tree';
import { CardState, OverviewCard } from './OverviewCard';
import type { OverviewQuery } from './types';

/** Today's notable happenings, newest first: alarms, meters offline, demand maxima, commands. */
export function DiaryCard({
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
  const entries = query.data?.powerDiary ?? [];
  return (
    <OverviewCard
      title={t('overview.diary.title')}
      testId="overview-diary"
      height={216}
      phoneHeight={248}
    >
      <CardState query={query} empty={entries.length === 0} emptyText={t('overview.diary.empty')}>
        <ol className="wb-ov-diary">
          {entries.map((entry, index) => {
            const text = diaryDescription(entry, i18n.language);
            return (
              <li
                key={`${entry.time}-${entry.kind}-${index}`}
                className="wb-ov-diary__item"
                data-testid="diary-entry"
              >
                <time dateTime={entry.time} className="wb-ov-diary__time">
                  {clockTime(entry.time, zone)}
                </time>
                <span className={`wb-ov-status wb-ov-status--${entry.status}`}>
                  {t(`overview.diary.status.${entry.status}`)}
                </span>
                <span className="wb-ov-diary__text">
                  {entry.nodeId === null ? (
                    text
                  ) : (
                    <Link to={monitoringPointHref(entry.nodeId, today, devMode)}>{text}</Link>
                  )}
                </span>
              </li>
            );
          })}
        </ol>
      </CardState>
    </OverviewCard>
  );
}
