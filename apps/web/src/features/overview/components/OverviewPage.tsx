import { useDeferredValue, useMemo } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { todayFor } from '@wattboard/zone-time';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { useSettledResult } from '@/lib/hooks/use-settled-result';
import { useOverview } from '../api/overview';
import { useLiveMeters } from '../hooks/use-live-meters';
import { useOverviewRefresh } from '../hooks/use-overview-refresh';
import { AlarmCard } from './AlarmCard';
import { ComparisonCard } from './ComparisonCard';
import { ControlsCard } from './ControlsCard';
import { CostCard } from './CostCard';
import { DemandCard } from './DemandCard';
import { DetectLineCard } from './DetectLineCard';
import { DiaryCard } from './DiaryCard';
import { DistributionCard } from './DistributionCard';
import { MeterSubscriptions } from './MeterSubscriptions';
import { PowerChartCard } from './PowerChartCard';
import { PowerInfoCard } from './PowerInfoCard';
import { RankingCard } from './RankingCard';
import { UsageCard } from './UsageCard';
import './overview.css';
import './overview-lists.css';

/**
 * The factory at a glance (issue #10): demand against the contract, today's
 * and this month's energy, the meters, the tree, big consumers, the last
 * week, the day's curve, a comparison, the diary, controls and open alarms.
 * Live from the meters' hub pushes; polling every minute only without them.
 * `more`: cards of other features (the app composes them, app/overview-cards.tsx).
 */
export function OverviewPage({ more }: { more?: ReactNode } = {}) {
  const { t } = useTranslation();
  const timeBase = useFactoryTimeBase();
  const today = todayFor(timeBase, Date.now());
  const zone = timeBase?.zone ?? null;
  const { live, report } = useLiveMeters();
  const query = useOverview({ live });
  // The cards below the first screen render the answer in a second, interruptible
  // pass: the first numbers paint without waiting for the whole page's render,
  // and that render yields to the browser instead of one long task (issue #14).
  const later = useDeferredValue(useSettledResult(query));
  const refresh = useOverviewRefresh(today);
  const meterIds = useMemo(
    () => (query.data?.devicePowerInfo ?? []).map((meter) => meter.id),
    [query.data?.devicePowerInfo],
  );

  return (
    <div className="wb-page wb-ov">
      <div className="wb-ov__heading">
        <h1 className="wb-page__title">{t('pages.overview.title')}</h1>
        <span className={`wb-ov-live${live ? ' wb-ov-live--on' : ''}`} data-testid="overview-live">
          {t(live ? 'overview.live.on' : 'overview.live.off')}
        </span>
      </div>
      <MeterSubscriptions ids={meterIds} onReading={refresh} onLive={report} />
      <div className="wb-ov-grid">
        <DemandCard query={query} />
        <UsageCard query={query} />
        <CostCard live={live} />
        <AlarmCard query={query} today={today} zone={zone} />
        <PowerChartCard today={today} live={live} />
        <RankingCard query={later} />
        <PowerInfoCard query={later} today={today} />
        <DetectLineCard query={later} today={today} />
        <DiaryCard query={later} today={today} zone={zone} />
        <ControlsCard query={later} />
        <DistributionCard query={later} />
        <ComparisonCard query={later} today={today} />
        {/* Last: a card that arrives or grows later moves nothing below it (CLS, issue #14). */}
        {more}
      </div>
    </div>
  );
}
