import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { WEEKDAYS } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { isCalendarDate } from '@/lib/page-params';
import {
  TIME_STEP_SECONDS,
  toggleWeekday,
  validateConsumptionForm,
} from '../model/consumption-form';
import type { ConsumptionField, ConsumptionForm as FormValues } from '../model/consumption-form';
import { MAX_RANGE_DAYS, shiftDay } from '../model/date-range';

/** The date pickers stop MAX_RANGE_DAYS from the other bound (the server answers no more). */
function dateLimits(form: FormValues, name: string): { min?: string; max?: string } {
  if (name === 'startDate' && isCalendarDate(form.endDate)) {
    return { min: shiftDay(form.endDate, -(MAX_RANGE_DAYS - 1)) };
  }
  if (name === 'endDate' && isCalendarDate(form.startDate)) {
    return { max: shiftDay(form.startDate, MAX_RANGE_DAYS - 1) };
  }
  return {};
}

interface ConsumptionFormProps {
  initial: FormValues;
  busy: boolean;
  onSubmit: (form: FormValues) => void;
}

/** Date range, time-of-day window and weekdays (Sun..Sat) of the consumption query. */
export function ConsumptionForm({ initial, busy, onSubmit }: ConsumptionFormProps) {
  const { t } = useTranslation();
  const id = useId();
  const [form, setForm] = useState(initial);
  const [showProblems, setShowProblems] = useState(false);
  const problems = validateConsumptionForm(form);
  const problemOf = (field: ConsumptionField) => (showProblems ? problems[field] : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShowProblems(true);
    if (Object.keys(problems).length === 0) onSubmit(form);
  };

  const field = (name: 'startDate' | 'endDate' | 'startTime' | 'endTime', type: string) => {
    const problem = problemOf(name);
    return (
      <div className="wb-field">
        <label className="wb-field__label" htmlFor={`${id}-${name}`}>
          {t(`monitoringPoint.consumption.${name}`)}
        </label>
        <input
          id={`${id}-${name}`}
          className="wb-input"
          type={type}
          step={type === 'time' ? TIME_STEP_SECONDS : undefined}
          {...(type === 'date' ? dateLimits(form, name) : {})}
          value={form[name]}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-${name}-error` : undefined}
          onChange={(event) => setForm({ ...form, [name]: event.target.value })}
        />
        {problem && (
          <p id={`${id}-${name}-error`} className="wb-field__error" role="alert">
            {t(`monitoringPoint.consumption.errors.${problem}`, { days: MAX_RANGE_DAYS })}
          </p>
        )}
      </div>
    );
  };

  const weekdayProblem = problemOf('weekdays');
  return (
    <form className="wb-mp-consumption-form" onSubmit={submit} noValidate>
      <div className="wb-mp-form-row">
        {field('startDate', 'date')}
        {field('endDate', 'date')}
      </div>
      <div className="wb-mp-form-row">
        {field('startTime', 'time')}
        {field('endTime', 'time')}
      </div>
      <p className="wb-mp-muted wb-mp-hint">{t('monitoringPoint.consumption.timeHint')}</p>
      <fieldset
        className="wb-mp-weekdays"
        aria-describedby={weekdayProblem ? `${id}-weekdays-error` : undefined}
      >
        <legend className="wb-field__label">{t('monitoringPoint.consumption.weekdays')}</legend>
        <div className="wb-mp-weekdays__list">
          {WEEKDAYS.map((day) => (
            <label key={day} className="wb-mp-weekday">
              <input
                type="checkbox"
                checked={form.weekdays.includes(day)}
                onChange={() => setForm({ ...form, weekdays: toggleWeekday(form.weekdays, day) })}
              />
              <span>{t(`monitoringPoint.consumption.weekdayNames.${day}`)}</span>
            </label>
          ))}
        </div>
        {weekdayProblem && (
          <p id={`${id}-weekdays-error`} className="wb-field__error" role="alert">
            {t(`monitoringPoint.consumption.errors.${weekdayProblem}`)}
          </p>
        )}
      </fieldset>
      <div>
        <button type="submit" className="wb-button wb-button--primary" disabled={busy}>
          {t('monitoringPoint.consumption.submit')}
        </button>
      </div>
    </form>
  );
}
