import type { WasteFindingsResponse } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { formatMoney, formatRate } from '@/lib/money';
import { weekTotals } from '../model/findings';

/**
 * What all the findings add up to a week, and the prices behind the figures:
 * one mean price for every finding is an estimate (docs/waste.md), so the
 * page says which price it used, or that there is no tariff to price with.
 */
export function WasteSummary({ answer }: { answer: WasteFindingsResponse }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const totals = weekTotals(answer.findings);
  const figures = {
    count: totals.count,
    kwh: formatNumber(totals.kwhPerWeek, language, 0),
    co2: formatNumber(totals.co2KgPerWeek, language, 0),
  };
  return (
    <div className="wb-waste-summary">
      <p className="wb-waste-summary__total" data-testid="waste-total">
        {totals.costPerWeek === null
          ? t('pages.waste.summary.totalNoCost', figures)
          : t('pages.waste.summary.total', {
              ...figures,
              cost: formatMoney(totals.costPerWeek, answer.currency, language),
            })}
      </p>
      <p className="wb-waste-summary__note">
        {answer.ntdPerKwh === null
          ? t('pages.waste.summary.noTariff')
          : t('pages.waste.summary.prices', {
              price: formatRate(answer.ntdPerKwh, answer.currency, 'kWh', language),
              factor: formatNumber(answer.kgCo2PerKwh, language, 3),
            })}
      </p>
    </div>
  );
}
