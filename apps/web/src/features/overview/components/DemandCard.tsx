import { useTranslation } from 'react-i18next';
import { FigureText } from '@/components/FigureText';
import { formatNumber, formatWithUnit, numberFigure } from '@/lib/format';
import { useDemandStatus } from '@/lib/queries/demand-status';
import { capacityShare, capacityState, gaugeWidth } from '../model/demand';
import { predictionLine } from '../model/demand-prediction';
import { CardState, OverviewCard } from './OverviewCard';
import './demand-card.css';
import type { OverviewQuery } from './types';

/**
 * Real Time Demand and the month's and today's maxima, against the contract
 * capacity, and this quarter hour's predicted demand against the target (issue #15).
 */
export function DemandCard({ query }: { query: OverviewQuery }) {
  const { t, i18n } = useTranslation();
  const status = useDemandStatus();
  // The data's update time, so a refetch re-judges the prediction's age.
  const predicted = predictionLine(status.data, status.dataUpdatedAt);
  const language = i18n.language;
  const demand = query.data?.demand;
  const capacity = demand?.contractCapacityKW ?? null;
  const now = demand?.valueKW ?? null;
  const share = capacityShare(now, capacity);
  const state = capacityState(now, capacity);
  const monthShare = capacityShare(demand?.monthMaxKW ?? null, capacity);
  const percent = (value: number) => `${formatNumber(value, language, 1)}%`;
  // The skeleton stays until Demand/Status has answered too (it fails fast: no retry):
  // a prediction line arriving after the figures would push the cards below (CLS).
  const shown = status.isPending
    ? { data: undefined, isPending: true, isError: false, error: null, refetch: query.refetch }
    : query;

  return (
    <OverviewCard
      title={t('overview.demand.title')}
      testId="overview-demand"
      height={255}
      phoneHeight={364}
    >
      <CardState query={shown}>
        {demand && (
          <div className="wb-ov-demand">
            <dl className="wb-ov-figures">
              <div className="wb-ov-figure wb-ov-figure--main">
                <dt>{t('overview.demand.realTime')}</dt>
                <dd data-testid="real-time-demand">
                  <FigureText figure={numberFigure(now, 'kW', language)} />
                </dd>
              </div>
              <div className="wb-ov-figure">
                <dt>{t('overview.demand.monthMax')}</dt>
                <dd>
                  <FigureText figure={numberFigure(demand.monthMaxKW, 'kW', language)} />
                </dd>
              </div>
              <div className="wb-ov-figure">
                <dt>{t('overview.demand.todayMax')}</dt>
                <dd>
                  <FigureText figure={numberFigure(demand.maxKW, 'kW', language)} />
                </dd>
              </div>
            </dl>
            {capacity === null ? (
              <p className="wb-ov-note">{t('overview.demand.noCapacity')}</p>
            ) : (
              <div className={`wb-ov-gauge wb-ov-gauge--${state}`}>
                <div
                  className="wb-ov-gauge__track"
                  role="meter"
                  aria-label={t('overview.demand.gaugeLabel')}
                  aria-valuemin={0}
                  aria-valuemax={capacity}
                  aria-valuenow={now ?? 0}
                  aria-valuetext={`${formatWithUnit(now, 'kW', language)} / ${formatWithUnit(capacity, 'kW', language)}`}
                >
                  <span className="wb-ov-gauge__fill" style={{ width: `${gaugeWidth(share)}%` }} />
                  {monthShare !== null && (
                    <span
                      className="wb-ov-gauge__mark"
                      style={{ left: `${gaugeWidth(monthShare)}%` }}
                      title={t('overview.demand.monthMax')}
                    />
                  )}
                </div>
                <p className="wb-ov-gauge__caption">
                  <span>
                    {t('overview.demand.capacity')} {formatWithUnit(capacity, 'kW', language)}
                  </span>
                  {share !== null && (
                    <span>
                      {t('overview.demand.share', { share: percent(share) })}
                      {state !== 'none' && ` · ${t(`overview.demand.state.${state}`)}`}
                    </span>
                  )}
                </p>
                <p
                  className={`wb-ov-gauge__caption wb-ov-predicted wb-ov-predicted--${predicted.state}`}
                  data-testid="predicted-demand"
                >
                  <span>
                    {t('overview.demand.predicted')}{' '}
                    <strong>{formatWithUnit(predicted.predictedKw, 'kW', language)}</strong>
                    {predicted.targetKw !== null &&
                      ` · ${t('overview.demand.target', { target: formatWithUnit(predicted.targetKw, 'kW', language) })}`}
                  </span>
                  {predicted.state !== 'none' && (
                    <span>
                      {t(
                        predicted.state === 'over'
                          ? 'overview.demand.predictedOver'
                          : 'overview.demand.predictedUnder',
                      )}
                    </span>
                  )}
                </p>
              </div>
            )}
          </div>
        )}
      </CardState>
    </OverviewCard>
  );
}
