import { SEASONS, TARIFF_STAGES } from '@wattboard/contract';
import type { Season, TariffStages } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { CONTRACT_TYPES } from '../model/tariff-form';
import type { ContractRatesForm, ContractType, TariffErrors } from '../model/tariff-form';
import { FormField } from '@/components/ui/FormField';
import { useTariffFieldText } from './use-tariff-texts';

interface TariffContractFieldsProps {
  stages: TariffStages;
  rates: ContractRatesForm;
  errors: TariffErrors;
  onStages: (stages: TariffStages) => void;
  onRate: (season: Season, type: ContractType, value: string) => void;
}

/**
 * The contract's stages and the basic rates of the contract types other than
 * regular (issue #24): four types × two seasons, a blank where Taipower's
 * table prints "—".
 */
export function TariffContractFields(props: TariffContractFieldsProps) {
  const { stages, rates, errors, onStages, onRate } = props;
  const { t } = useTranslation();
  const fieldText = useTariffFieldText();
  return (
    <fieldset className="wb-tariff-group" data-testid="tariff-contract-types">
      <legend className="wb-tariff-day__legend">{t('cost.tariff.contractGroup')}</legend>
      <FormField label={t('cost.tariff.stages')} message={fieldText(errors['stages'])}>
        {({ id, describedBy }) => (
          <select
            id={id}
            className="wb-select"
            aria-describedby={describedBy}
            value={stages}
            onChange={(event) => onStages(event.target.value as TariffStages)}
          >
            {TARIFF_STAGES.map((option) => (
              <option key={option} value={option}>
                {t(`cost.tariff.stagesOptions.${option}`)}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <h4 className="wb-tariff-contract-rates">{t('cost.tariff.contractRates')}</h4>
      <p className="wb-field__hint">{t('cost.tariff.contractRatesHint')}</p>
      {CONTRACT_TYPES.map((type) => (
        <div key={type} className="wb-admin-form__row">
          {SEASONS.map((season) => {
            const path = `contractBasicRates.${season}.${type}`;
            return (
              <FormField
                key={season}
                label={t('cost.tariff.contractRate', {
                  type: t(`cost.tariff.contractTypes.${type}`),
                  season: t(`cost.seasons.${season}`),
                })}
                // A season's own problem (the shared Saturday/off-peak rate) shows at its off-peak field.
                message={fieldText(
                  errors[path] ??
                    (type === 'offPeak' ? errors[`contractBasicRates.${season}`] : undefined),
                )}
              >
                {({ id, describedBy, invalid }) => (
                  <input
                    id={id}
                    className="wb-input"
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="—"
                    aria-describedby={describedBy}
                    aria-invalid={invalid || undefined}
                    value={rates[season][type]}
                    onChange={(event) => onRate(season, type, event.target.value)}
                  />
                )}
              </FormField>
            );
          })}
        </div>
      ))}
    </fieldset>
  );
}
