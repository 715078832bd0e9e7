import { useId } from 'react';
import type { BillingPointBill } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { FigureText } from '@/components/FigureText';
import { channelDisplayName } from '@/lib/channel-names';
import { formatMoney, moneyFigure } from '@/lib/money';
import { billingPeriod } from '../model/cost';

/**
 * Each Taipower account's bill so far (issue #24), when the factory has more
 * than one: the card's month figures are their sum, and each runs over its own
 * reading-day period, so a penalty is told on the point that incurred it.
 */
export function BillingPointBills({
  bills,
  currency,
}: {
  bills: BillingPointBill[];
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const language = i18n.language;
  if (bills.length < 2) return null;
  return (
    <section className="wb-ov-cost__points" aria-labelledby={titleId}>
      <h3 id={titleId} className="wb-ov-cost__points-title">
        {t('cost.overview.pointsTitle')}
      </h3>
      <ul>
        {bills.map((bill) => {
          const period = billingPeriod(bill.periodFrom, bill.periodTo);
          const penalty = bill.penalty ?? 0;
          return (
            <li key={bill.nodeId} data-testid="cost-point">
              <span className="wb-ov-cost__point-name">
                {channelDisplayName(
                  { id: bill.nodeId, chName: bill.chName, name: bill.name },
                  language,
                )}
              </span>
              <span className="wb-ov-cost__point-total">
                <FigureText figure={moneyFigure(bill.total, currency, language)} />
              </span>
              {period && <span className="wb-ov-note">{`${period.from} – ${period.to}`}</span>}
              {penalty > 0 && (
                <span className="wb-ov-cost__over wb-ov-cost__point-penalty">
                  {t('cost.overview.pointPenalty', {
                    penalty: formatMoney(penalty, currency, language),
                  })}
                </span>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
