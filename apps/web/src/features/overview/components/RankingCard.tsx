import { useTranslation } from 'react-i18next';
import { channelDisplayName } from '@/lib/channel-names';
import { formatNumber, formatWithUnit } from '@/lib/format';
import { rankingBars } from '../model/ranking';
import { CardState, OverviewCard } from './OverviewCard';
import type { OverviewQuery } from './types';

/** Consumers of the latest 15 minutes by kW with their share; big consumers marked. */
export function RankingCard({ query }: { query: OverviewQuery }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const ranking = query.data?.pointRanking;
  const bars = rankingBars(ranking?.rankList ?? []);
  const percent = (value: number) => `${formatNumber(value, language, 1)}%`;
  return (
    <OverviewCard
      title={t('overview.ranking.title')}
      testId="overview-ranking"
      height={440}
      phoneHeight={451}
      meta={
        ranking
          ? `${t('overview.ranking.total', { value: formatWithUnit(ranking.totalKW, 'kW', language) })} · ${t('overview.ranking.threshold', { value: percent(ranking.percentageThreshold) })}`
          : undefined
      }
    >
      <CardState query={query} empty={bars.length === 0} emptyText={t('overview.ranking.empty')}>
        {/* It scrolls when long: focusable so a keyboard can scroll it too (axe, issue #14). */}
        <ol className="wb-ov-ranking" tabIndex={0} aria-label={t('overview.ranking.title')}>
          {bars.map((bar) => (
            <li
              key={bar.id}
              className={`wb-ov-ranking__item${bar.isBigConsumer ? ' wb-ov-ranking__item--big' : ''}`}
            >
              <div className="wb-ov-ranking__label">
                <span className="wb-ov-ranking__name">{channelDisplayName(bar, language)}</span>
                {bar.isBigConsumer && (
                  <span className="wb-badge wb-ov-ranking__badge">{t('overview.ranking.big')}</span>
                )}
                <span className="wb-ov-ranking__value">
                  {formatWithUnit(bar.valueKW, 'kW', language)} · {percent(bar.percentage)}
                </span>
              </div>
              <span className="wb-ov-ranking__track" aria-hidden="true">
                <span className="wb-ov-ranking__bar" style={{ width: `${bar.width}%` }} />
              </span>
            </li>
          ))}
        </ol>
      </CardState>
    </OverviewCard>
  );
}
