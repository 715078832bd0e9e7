import type { SegmentInfo } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { currencyUnit, formatAmount } from '@/lib/money';
import { useCostNode } from '../api/cost-node';
import { bucketLabel, costInterval, narrowsDays } from '../model/cost-view';
import { daysInRange } from '../model/date-range';
import { CardStatus } from './CardStatus';
import './cost.css';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';

interface ConsumptionCostProps {
  deviceId: number;
  segmentInfo: SegmentInfo;
  live: boolean;
}

/**
 * The Consumption Query's cost (issue #15): each bucket's net kWh and cost
 * over the chosen days, and the total. A weekday or time-of-day filter is
 * sent along, so the cost covers exactly the quarter hours the query sums
 * (its total kWh equals the query's); without one the request is the same as
 * the Cost card's and shared with it.
 */
export function ConsumptionCost({ deviceId, segmentInfo, live }: ConsumptionCostProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const range = segmentInfo.dateRange;
  const interval = costInterval(daysInRange(range));
  const narrowed = narrowsDays(segmentInfo);
  const query = useCostNode(
    { deviceId, ...range, interval, ...(narrowed ? { segmentInfo } : {}) },
    { live },
  );
  const data = query.data;
  const unit = data ? currencyUnit(data.currency, language) : '';

  return (
    <div className="wb-mp-cost">
      <CardStatus query={query}>
        {data && (
          <>
            {narrowed && <p className="wb-mp-cost__note">{t('cost.node.segmentOnly')}</p>}
            <ResponsiveTable label={t('cost.node.series')} className="wb-mp-cost__series">
              <table className="wb-table" data-testid="consumption-cost">
                <caption className="wb-mp-cost__caption">{t('cost.node.series')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('cost.columns.interval')}</th>
                    <th scope="col">{t('cost.columns.period')}</th>
                    <th scope="col" className="wb-num">
                      {t('cost.columns.kwh')}
                    </th>
                    <th scope="col" className="wb-num">
                      {t('cost.columns.cost', { unit })}
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.series.map((bucket) => (
                    <tr key={bucket.start}>
                      <th scope="row">{bucketLabel(bucket.start, data.interval)}</th>
                      <td>{t(`cost.periods.${bucket.period ?? 'mixed'}`)}</td>
                      <td className="wb-num">{formatNumber(bucket.kwh, language)}</td>
                      <td className="wb-num">{formatAmount(bucket.cost, language, 2)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr>
                    <th scope="row" colSpan={2}>
                      {t('cost.columns.total')}
                    </th>
                    <td className="wb-num">{formatNumber(data.totalKwh, language)}</td>
                    <td className="wb-num" data-testid="consumption-cost-total">
                      {formatAmount(data.totalCost, language, 2)}
                    </td>
                  </tr>
                </tfoot>
              </table>
            </ResponsiveTable>
          </>
        )}
      </CardStatus>
    </div>
  );
}
