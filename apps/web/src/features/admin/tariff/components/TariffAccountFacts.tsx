import type { TariffDefinition } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@/lib/format';
import { normalizeLanguage } from '@/lib/i18n';
import { formatRate } from '@/lib/money';

/**
 * The account's terms of a tariff as TariffView lists them (decision 0068):
 * contract basis, per-account charge, energy with or without time of use,
 * and the industry coefficient the bill is multiplied by.
 */
export function TariffAccountFacts({ tariff }: { tariff: TariffDefinition }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const industry = tariff.industry;
  return (
    <>
      <div data-testid="tariff-basis">
        <dt>{t('cost.tariff.account.basis')}</dt>
        <dd>{t(`cost.tariff.account.bases.${tariff.contractBasis}`)}</dd>
      </div>
      <div data-testid="tariff-customer-charge">
        <dt>{t('cost.tariff.account.customerCharge')}</dt>
        <dd>
          {tariff.customerChargePerMonth === 0
            ? t('cost.tariff.account.noCustomerCharge')
            : formatRate(
                tariff.customerChargePerMonth,
                tariff.currency,
                normalizeLanguage(language) === 'zh' ? '戶／月' : 'account per month',
                language,
              )}
        </dd>
      </div>
      <div>
        <dt>{t('cost.tariff.account.energy')}</dt>
        <dd>
          {t(tariff.timeOfUse ? 'cost.tariff.account.timeOfUse' : 'cost.tariff.account.flat')}
        </dd>
      </div>
      <div data-testid="tariff-industry">
        <dt>{t('cost.tariff.account.industry')}</dt>
        <dd>
          {industry
            ? t('cost.tariff.account.industryValue', {
                code: industry.code,
                // Taipower prints coefficients to 3 decimals (0.892); the default 2 would hide one.
                coefficient: formatNumber(industry.coefficient, language, 4),
              })
            : t('cost.tariff.account.noIndustry')}
        </dd>
      </div>
    </>
  );
}
