import { SEASONS } from '@wattboard/contract';
import type { Season } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import type { TariffErrors, TariffFormValues } from '../model/tariff-form';
import { FormField } from '@/components/ui/FormField';
import { useTariffFieldText } from './use-tariff-texts';

type SeasonRow = TariffFormValues['seasons'][number];

interface TariffSeasonFieldsProps {
  seasons: SeasonRow[];
  errors: TariffErrors;
  onChange: (index: number, change: Partial<SeasonRow>) => void;
}

/** The seasons' days of the year (MM-dd, both included; from after to wraps over new year). */
export function TariffSeasonFields({ seasons, errors, onChange }: TariffSeasonFieldsProps) {
  const { t } = useTranslation();
  const fieldText = useTariffFieldText();
  // A hole or an overlap belongs to the seasons as a whole; show it under the group.
  const whole = fieldText(errors['seasons']);
  return (
    <fieldset className="wb-tariff-group">
      <legend className="wb-tariff-day__legend">{t('cost.tariff.seasons')}</legend>
      {seasons.map((row, index) => (
        <div key={index} className="wb-admin-form__row">
          <FormField
            label={t('cost.tariff.season')}
            message={fieldText(errors[`seasons.${index}.season`])}
          >
            {({ id, describedBy }) => (
              <select
                id={id}
                className="wb-select"
                aria-describedby={describedBy}
                value={row.season}
                onChange={(event) => onChange(index, { season: event.target.value as Season })}
              >
                {SEASONS.map((season) => (
                  <option key={season} value={season}>
                    {t(`cost.seasons.${season}`)}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {(['from', 'to'] as const).map((end) => (
            <FormField
              key={end}
              label={t(end === 'from' ? 'cost.tariff.seasonFrom' : 'cost.tariff.seasonTo')}
              message={fieldText(
                errors[`seasons.${index}.${end}`] ??
                  (end === 'from' ? errors[`seasons.${index}`] : undefined),
              )}
            >
              {({ id, describedBy, invalid }) => (
                <input
                  id={id}
                  className="wb-input"
                  autoComplete="off"
                  placeholder="MM-dd"
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  value={row[end]}
                  onChange={(event) => onChange(index, { [end]: event.target.value })}
                />
              )}
            </FormField>
          ))}
        </div>
      ))}
      <p className="wb-field__error" role="alert">
        {whole}
      </p>
    </fieldset>
  );
}
