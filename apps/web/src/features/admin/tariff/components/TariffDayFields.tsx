import { memo, useId } from 'react';
import { TOU_PERIODS } from '@wattboard/contract';
import type { TouPeriod } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { errorAt, nextRange, QUARTER_TIMES } from '../model/tariff-form';
import type { DayForm, RangeForm, TariffErrors } from '../model/tariff-form';
import { FormField } from '@/components/ui/FormField';
import { useTariffFieldText } from './use-tariff-texts';

interface TariffDayFieldsProps {
  index: number;
  day: DayForm;
  errors: TariffErrors;
  /** Changes this day's copy (stable across renders, so an unchanged day is not rendered again). */
  onDay: (index: number, change: (day: DayForm) => void) => void;
}

/** One season × day type: its time ranges (each a period) and the three rates per kWh. */
export const TariffDayFields = memo(function TariffDayFields(props: TariffDayFieldsProps) {
  const { index, day, errors, onDay } = props;
  const onRange = (r: number, change: Partial<RangeForm>) =>
    onDay(index, (d) => void Object.assign(d.ranges[r] ?? {}, change));
  const onAddRange = () => onDay(index, (d) => void d.ranges.push(nextRange(d.ranges)));
  const onRemoveRange = (r: number) => onDay(index, (d) => void d.ranges.splice(r, 1));
  const onRate = (period: TouPeriod, value: string) =>
    onDay(index, (d) => void (d.rates[period] = value));
  const { t } = useTranslation();
  const fieldText = useTariffFieldText();
  const id = useId();
  const path = `days.${index}`;
  const rangesMessage = fieldText(errorAt(errors, `${path}.ranges`));
  const title = t('cost.tariff.dayTitle', {
    season: t(`cost.seasons.${day.season}`),
    dayType: t(`cost.dayTypes.${day.dayType}`),
  });

  return (
    <fieldset className="wb-tariff-day" data-testid={`tariff-day-${index}`}>
      <legend className="wb-tariff-day__legend">{title}</legend>
      <ol className="wb-tariff-ranges" aria-describedby={`${id}-ranges`}>
        {day.ranges.map((range, r) => (
          <li key={r} className="wb-tariff-range">
            <span className="wb-tariff-range__n">{t('cost.tariff.rangeLabel', { n: r + 1 })}</span>
            {(['from', 'to'] as const).map((end) => (
              <label key={end} className="wb-tariff-range__field">
                <span>{t(end === 'from' ? 'cost.tariff.rangeFrom' : 'cost.tariff.rangeTo')}</span>
                <select
                  className="wb-select"
                  value={range[end]}
                  onChange={(event) => onRange(r, { [end]: event.target.value })}
                >
                  {QUARTER_TIMES.filter((time) =>
                    end === 'from' ? time !== '24:00' : time !== '00:00',
                  ).map((time) => (
                    <option key={time} value={time}>
                      {time}
                    </option>
                  ))}
                </select>
              </label>
            ))}
            <label className="wb-tariff-range__field">
              <span>{t('cost.columns.period')}</span>
              <select
                className="wb-select"
                value={range.period}
                onChange={(event) => onRange(r, { period: event.target.value as TouPeriod })}
              >
                {TOU_PERIODS.map((period) => (
                  <option key={period} value={period}>
                    {t(`cost.periods.${period}`)}
                  </option>
                ))}
              </select>
            </label>
            <button
              type="button"
              className="wb-button wb-button--secondary"
              disabled={day.ranges.length <= 1}
              aria-label={`${t('cost.tariff.remove')} ${t('cost.tariff.rangeLabel', { n: r + 1 })}`}
              onClick={() => onRemoveRange(r)}
            >
              {t('cost.tariff.remove')}
            </button>
          </li>
        ))}
      </ol>
      <p id={`${id}-ranges`} className="wb-field__error" role="alert">
        {rangesMessage}
      </p>
      <button type="button" className="wb-button wb-button--secondary" onClick={onAddRange}>
        {t('cost.tariff.addRange')}
      </button>
      <div className="wb-admin-form__row wb-tariff-rates">
        {TOU_PERIODS.map((period) => (
          <FormField
            key={period}
            label={t('cost.tariff.rate', { period: t(`cost.periods.${period}`) })}
            message={fieldText(errors[`${path}.rates.${period}`])}
          >
            {({ id: inputId, describedBy, invalid }) => (
              <input
                id={inputId}
                className="wb-input"
                inputMode="decimal"
                autoComplete="off"
                aria-describedby={describedBy}
                aria-invalid={invalid || undefined}
                value={day.rates[period]}
                onChange={(event) => onRate(period, event.target.value)}
              />
            )}
          </FormField>
        ))}
      </div>
    </fieldset>
  );
});
