import type { UsagePeriod } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { FigureText } from '@/components/FigureText';
import { numberFigure } from '@/lib/format';
import { formatChange, usageTrend } from '../model/usage';
import { CardState, OverviewCard } from './OverviewCard';
import type { OverviewQuery } from './types';

const TREND_ARROWS = { up: '▲', down: '▼', flat: '■' } as const;

function Period({ title, period, versus }: { title: string; period: UsagePeriod; versus: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const trend = usageTrend(period.changeKwh);
  return (
    <div className="wb-ov-usage__period">
      <h3 className="wb-ov-usage__title">{title}</h3>
      <p className="wb-ov-usage__kwh">
        <span data-testid="usage-kwh">
          <FigureText figure={numberFigure(period.kwh, '', language)} />
        </span>{' '}
        <span className="wb-ov-unit">kWh</span>
      </p>
      <dl className="wb-ov-pairs">
        <div>
          <dt>{t('overview.usage.co2')}</dt>
          <dd>
            <FigureText figure={numberFigure(period.co2, '', language)} />
          </dd>
        </div>
        <div>
          <dt>{t('overview.usage.saving')}</dt>
          <dd>
            <FigureText figure={numberFigure(period.co2Saving, '', language)} />
          </dd>
        </div>
      </dl>
      <p className={`wb-ov-change wb-ov-change--${trend}`}>
        <span aria-hidden="true">{TREND_ARROWS[trend]}</span>
        <span className="wb-visually-hidden">{t(`overview.usage.trend.${trend}`)}</span>{' '}
        {formatChange(period.changeKwh, period.changePercent, language)}{' '}
        <span className="wb-ov-note">{versus}</span>
      </p>
    </div>
  );
}

/** Today's and this month's energy so far, CO2, the saving by own generation, and the change. */
export function UsageCard({ query }: { query: OverviewQuery }) {
  const { t } = useTranslation();
  const usage = query.data?.averagePowerUsage;
  return (
    <OverviewCard
      title={t('overview.usage.title')}
      testId="overview-usage"
      height={239}
      phoneHeight={370}
    >
      <CardState query={query}>
        {usage && (
          <div className="wb-ov-usage">
            <Period
              title={t('overview.usage.today')}
              period={usage.day}
              versus={t('overview.usage.vsYesterday')}
            />
            <Period
              title={t('overview.usage.month')}
              period={usage.month}
              versus={t('overview.usage.vsLastMonth')}
            />
          </div>
        )}
      </CardState>
    </OverviewCard>
  );
}
