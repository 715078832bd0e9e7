import type { CostSummaryResponse } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { FigureText } from '@/components/FigureText';
import { channelDisplayName } from '@/lib/channel-names';
import { EmptyState, ErrorState, LoadingState } from '@/components/QueryStates';
import { formatNumber, formatWithUnit, numberFigure } from '@/lib/format';
import { normalizeLanguage } from '@/lib/i18n';
import { formatMoney, moneyFigure } from '@/lib/money';
import { useCostSummary } from '../api/cost-summary';
import { billingPeriod, peakVsContract, projectionBasisKey, tariffName } from '../model/cost';
import { BillingPointBills } from './BillingPointBills';
import { OverviewCard } from './OverviewCard';
import './cost-card.css';

/** The loaded card's height (see cost-card.css), held while it loads so nothing below jumps. */
const COST_CARD_HEIGHT = 'var(--wb-ov-cost-height)';

function CostFigures({ summary }: { summary: CostSummaryResponse }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const money = (value: number | null) => formatMoney(value, summary.currency, language);
  // A figure fits its card: compact from 10,000 on, the full amount on hover and for readers.
  const figure = (value: number | null) => (
    <FigureText figure={moneyFigure(value, summary.currency, language)} />
  );
  const kwh = (value: number | null) => (
    <FigureText figure={numberFigure(value, 'kWh', language)} />
  );
  const { today, month } = summary;
  const peak = peakVsContract(month.peakDemandKw, month.contractCapacityKw);
  const penalty = month.penalty;
  const period = billingPeriod(month.periodFrom, month.periodTo);
  // With several Taipower accounts the card's peak and contract are the main point's: say whose.
  const main = summary.billingPoints.length > 1 ? summary.billingPoints.find((b) => b.main) : null;
  const ofMain = (text: string) =>
    main
      ? t('cost.overview.ofPoint', {
          name: channelDisplayName(
            { id: main.nodeId, chName: main.chName, name: main.name },
            language,
          ),
          text,
        })
      : text;

  return (
    <div className="wb-ov-cost">
      {period && (
        <p className="wb-ov-note wb-ov-cost__period" data-testid="cost-period">
          {t('cost.overview.period', period)}
        </p>
      )}
      <dl className="wb-ov-figures">
        <div className="wb-ov-figure wb-ov-figure--main">
          <dt>{t('cost.overview.today')}</dt>
          <dd data-testid="cost-today">{figure(today.cost)}</dd>
          <dd className="wb-ov-note">{kwh(today.kwh)}</dd>
        </div>
        <div className="wb-ov-figure">
          <dt>{t('cost.overview.monthEnergy')}</dt>
          <dd data-testid="cost-month">{figure(month.energyCost)}</dd>
          <dd className="wb-ov-note">{kwh(month.kwh)}</dd>
        </div>
        <div className="wb-ov-figure wb-ov-figure--main">
          <dt>{t('cost.overview.projected')}</dt>
          <dd data-testid="cost-projected">{figure(month.projectedTotal)}</dd>
        </div>
      </dl>
      <dl className="wb-ov-pairs">
        <div>
          <dt>{t('cost.overview.basicCharge')}</dt>
          <dd data-testid="cost-basic">{figure(month.basicCharge)}</dd>
        </div>
        <div>
          <dt>{t('cost.overview.penalty')}</dt>
          <dd data-testid="cost-penalty" className={penalty ? 'wb-ov-cost__over' : undefined}>
            {penalty === 0 ? t('cost.overview.noPenalty') : figure(penalty)}
          </dd>
        </div>
        <div>
          <dt>{t('cost.overview.totalSoFar')}</dt>
          <dd data-testid="cost-total">{figure(month.total)}</dd>
        </div>
      </dl>
      <p
        className={`wb-ov-cost__peak${peak.state === 'over' ? ' wb-ov-cost__over' : ''}`}
        data-testid="cost-peak"
      >
        {ofMain(
          peak.state === 'unknown'
            ? month.contractCapacityKw === null
              ? t('cost.overview.noCapacity')
              : t('cost.overview.noPeak')
            : t(peak.state === 'over' ? 'cost.overview.peakOver' : 'cost.overview.peakWithin', {
                peak: formatWithUnit(month.peakDemandKw, 'kW', language),
                capacity: formatWithUnit(month.contractCapacityKw, 'kW', language),
                share: `${formatNumber(peak.sharePercent, language, 1)}%`,
                over: formatWithUnit(peak.overKw, 'kW', language),
              }),
        )}
      </p>
      <p className="wb-ov-note">
        {t(projectionBasisKey(month.projectionBasisDays), {
          count: month.projectionBasisDays,
          daily: money(month.projectedDailyCost),
        })}
      </p>
      <BillingPointBills bills={summary.billingPoints} currency={summary.currency} />
    </div>
  );
}

/**
 * Electricity cost (issue #15): today, the month so far, the projected bill,
 * the demand (basic) charge and any over-contract penalty, with the month's
 * peak against the contract capacity. Refreshed with the Overview. The month
 * is the main billing point's period, and a factory with several Taipower
 * accounts also sees each one's bill (issue #24).
 */
export function CostCard({ live }: { live: boolean }) {
  const { t, i18n } = useTranslation();
  const query = useCostSummary({ live });
  const tariff = query.data?.tariff ?? null;
  const zh = normalizeLanguage(i18n.language) === 'zh';
  const meta = tariff ? t('cost.overview.tariff', { name: tariffName(tariff, zh) }) : undefined;

  let body;
  if (query.isPending) body = <LoadingState minHeight={COST_CARD_HEIGHT} />;
  else if (query.isError && query.data === undefined) {
    body = <ErrorState onRetry={() => void query.refetch()} />;
  } else if (!query.data || tariff === null) {
    body = <EmptyState text={t('cost.overview.noTariff')} />;
  } else body = <CostFigures summary={query.data} />;

  return (
    <OverviewCard title={t('cost.overview.title')} meta={meta} testId="overview-cost">
      <div className="wb-ov-cost-box">{body}</div>
    </OverviewCard>
  );
}
