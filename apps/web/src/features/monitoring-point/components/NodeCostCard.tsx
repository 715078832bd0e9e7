import { useTranslation } from 'react-i18next';
import { formatNumber, numberFigure } from '@/lib/format';
import { currencyUnit, formatAmount, moneyFigure } from '@/lib/money';
import { useCostNode } from '../api/cost-node';
import { costInterval } from '../model/cost-view';
import { daysInRange } from '../model/date-range';
import type { DateRange } from '../model/date-range';
import { CardStatus, Refreshing } from './CardStatus';
import { StatList } from './StatList';
import './cost.css';
import { ResponsiveTable } from '@/components/ui/ResponsiveTable';

interface NodeCostCardProps {
  deviceId: number;
  range: DateRange;
  live: boolean;
}

/**
 * Cost beside kWh (issue #15): the node's net energy over the page's days
 * and what it cost under the factory's tariff, split by time-of-use period.
 * Same request as the Consumption Query's cost series for the same days.
 */
export function NodeCostCard({ deviceId, range, live }: NodeCostCardProps) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const interval = costInterval(daysInRange(range));
  const query = useCostNode({ deviceId, ...range, interval }, { live });
  const data = query.data;
  const unit = data ? currencyUnit(data.currency, language) : '';

  return (
    <section className="wb-card" aria-labelledby="mp-cost-title" data-testid="node-cost">
      <header className="wb-card__header">
        <h2 id="mp-cost-title" className="wb-card__title">
          {t('cost.node.title')}
        </h2>
        <span className="wb-card__meta">{t('cost.node.meta')}</span>
      </header>
      <CardStatus query={query} loadingHeight="9rem">
        {data && (
          <Refreshing active={query.isPlaceholderData}>
            <StatList
              testId="node-cost-totals"
              stats={[
                {
                  key: 'kwh',
                  label: t('cost.node.kwh'),
                  value: numberFigure(data.totalKwh, '', language),
                },
                {
                  key: 'cost',
                  label: t('cost.node.cost'),
                  value: moneyFigure(data.totalCost, data.currency, language),
                },
              ]}
            />
            {data.totalCost === null ? (
              <p className="wb-mp-cost__note">{t('cost.node.noTariff')}</p>
            ) : (
              // A phone may scroll the table sideways: a named region the keyboard can reach.
              <ResponsiveTable label={t('cost.node.byPeriod')}>
                <table className="wb-table wb-mp-cost__periods">
                  <caption className="wb-mp-cost__caption">{t('cost.node.byPeriod')}</caption>
                  <thead>
                    <tr>
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
                    {data.byPeriod.map((row) => (
                      <tr key={row.period}>
                        <th scope="row">{t(`cost.periods.${row.period}`)}</th>
                        <td className="wb-num">{formatNumber(row.kwh, language)}</td>
                        <td className="wb-num">{formatAmount(row.cost, language, 2)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ResponsiveTable>
            )}
          </Refreshing>
        )}
      </CardStatus>
    </section>
  );
}
