import { CONTRACT_BASES, taipowerIndustry } from '@wattboard/contract';
import type { ContractBasis } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import type { AccountForm } from '../model/account-form';
import type { TariffErrors } from '../model/tariff-form';
import { FormField } from '@/components/ui/FormField';
import { formatNumber } from '@/lib/format';
import { useTariffFieldText } from './use-tariff-texts';

interface TariffAccountFieldsProps {
  values: AccountForm;
  errors: TariffErrors;
  onChange: (change: Partial<AccountForm>) => void;
  /** Energy without time of use: the editor makes every day one all-day range. */
  onTimeOfUse: (timeOfUse: boolean) => void;
}

type TextField = 'customerChargePerMonth' | 'industryCode' | 'industryCoefficient';
const PATH: Record<TextField, string> = {
  customerChargePerMonth: 'customerChargePerMonth',
  industryCode: 'industry.code',
  industryCoefficient: 'industry.coefficient',
};

/**
 * The account's terms beyond the contract types (decision 0068): Taipower's
 * low-voltage per-account charge (按戶計收), a demand or installed-capacity
 * contract (需量契約 / 裝置契約), energy with or without time of use, and the
 * industry coefficient of the bill (電價調整係數).
 */
export function TariffAccountFields({
  values,
  errors,
  onChange,
  onTimeOfUse,
}: TariffAccountFieldsProps) {
  const { t, i18n } = useTranslation();
  const fieldText = useTariffFieldText();
  const listed = taipowerIndustry(values.industryCode);
  const number = (value: number) => formatNumber(value, i18n.language, 4);
  const codeHint =
    values.industryCode.trim() === ''
      ? undefined
      : listed
        ? t('cost.tariff.account.industryListed', {
            low: number(listed.lowVoltagePower),
            high: number(listed.highVoltage),
          })
        : t('cost.tariff.account.industryNotListed');
  const text = (name: TextField, label: string, hint?: string) => (
    <FormField label={label} message={fieldText(errors[PATH[name]])} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className="wb-input"
          autoComplete="off"
          inputMode={name === 'industryCode' ? undefined : 'decimal'}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          value={values[name]}
          onChange={(event) => onChange({ [name]: event.target.value })}
        />
      )}
    </FormField>
  );
  return (
    <fieldset className="wb-tariff-group" data-testid="tariff-account">
      <legend className="wb-tariff-day__legend">{t('cost.tariff.account.group')}</legend>
      <div className="wb-admin-form__row">
        <FormField
          label={t('cost.tariff.account.basis')}
          hint={t('cost.tariff.account.basisHint')}
          message={fieldText(errors['contractBasis'] ?? errors['contractBasicRates'])}
        >
          {({ id, describedBy }) => (
            <select
              id={id}
              className="wb-select"
              aria-describedby={describedBy}
              value={values.contractBasis}
              onChange={(event) => onChange({ contractBasis: event.target.value as ContractBasis })}
            >
              {CONTRACT_BASES.map((basis) => (
                <option key={basis} value={basis}>
                  {t(`cost.tariff.account.bases.${basis}`)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {text('customerChargePerMonth', t('cost.tariff.account.customerCharge'))}
      </div>
      <FormField
        label={t('cost.tariff.account.energy')}
        message={null}
        hint={t('cost.tariff.account.energyHint')}
      >
        {({ id, describedBy }) => (
          <select
            id={id}
            className="wb-select"
            aria-describedby={describedBy}
            value={values.timeOfUse ? 'tou' : 'flat'}
            onChange={(event) => onTimeOfUse(event.target.value === 'tou')}
          >
            <option value="tou">{t('cost.tariff.account.timeOfUse')}</option>
            <option value="flat">{t('cost.tariff.account.flat')}</option>
          </select>
        )}
      </FormField>
      <div className="wb-admin-form__row">
        {text('industryCode', t('cost.tariff.account.industryCode'), codeHint)}
        {text(
          'industryCoefficient',
          t('cost.tariff.account.industryCoefficient'),
          t('cost.tariff.account.industryHint'),
        )}
      </div>
    </fieldset>
  );
}
