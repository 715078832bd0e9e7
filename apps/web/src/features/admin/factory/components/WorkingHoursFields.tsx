import { WORKING_DAY_TYPES, WORKING_PERIODS_MAX, type WorkingDayType } from '@wattboard/contract';
import {
  useFieldArray,
  type Control,
  type FieldErrors,
  type UseFormRegister,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/FormField';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import type { FactoryFormValues } from '../model/factory-form';

interface WorkingHoursFieldsProps {
  control: Control<FactoryFormValues>;
  register: UseFormRegister<FactoryFormValues>;
  errors: FieldErrors<FactoryFormValues>;
}

/**
 * When people work, per day type of the tariff calendar (issue #27, decision
 * 0091): the waste finder counts load outside these periods as "runs when
 * nobody works". Shown only when the server sends working hours.
 */
export function WorkingHoursFields(props: WorkingHoursFieldsProps) {
  const { t } = useTranslation();
  return (
    <fieldset data-testid="admin-factory-hours">
      <legend>{t('admin.factory.hoursTitle')}</legend>
      {WORKING_DAY_TYPES.map((dayType) => (
        <DayPeriods key={dayType} dayType={dayType} {...props} />
      ))}
      <p className="wb-admin__hint">{t('admin.factory.hoursHint')}</p>
    </fieldset>
  );
}

function DayPeriods({
  dayType,
  control,
  register,
  errors,
}: WorkingHoursFieldsProps & { dayType: WorkingDayType }) {
  const { t } = useTranslation();
  const texts = useAdminTexts();
  const { fields, append, remove } = useFieldArray({
    control,
    name: `workingHours.${dayType}`,
  });
  const dayLabel = t(`admin.factory.hoursDay.${dayType}`);
  const dayErrors = errors.workingHours?.[dayType];
  const clock = (index: number, end: 'from' | 'to') => (
    <FormField
      label={t(`admin.factory.hours${end === 'from' ? 'From' : 'To'}`)}
      message={texts.field(dayErrors?.[index]?.[end]?.message)}
    >
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className="wb-input"
          placeholder="HH:mm"
          inputMode="numeric"
          autoComplete="off"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...register(`workingHours.${dayType}.${index}.${end}`)}
        />
      )}
    </FormField>
  );
  return (
    <div className="wb-admin-hours__day" data-testid={`admin-factory-hours-${dayType}`}>
      <h4 className="wb-admin-hours__title">{dayLabel}</h4>
      {fields.length === 0 && <p className="wb-admin__hint">{t('admin.factory.hoursNone')}</p>}
      {fields.map((field, index) => (
        <div key={field.id} className="wb-admin-hours__period">
          {clock(index, 'from')}
          {clock(index, 'to')}
          <button
            type="button"
            className="wb-button wb-button--secondary"
            aria-label={t('admin.factory.hoursRemoveLabel', { day: dayLabel, n: index + 1 })}
            onClick={() => remove(index)}
          >
            {t('admin.factory.hoursRemove')}
          </button>
        </div>
      ))}
      {fields.length < WORKING_PERIODS_MAX && (
        <button
          type="button"
          className="wb-button wb-button--secondary"
          aria-label={t('admin.factory.hoursAddLabel', { day: dayLabel })}
          onClick={() => append({ from: '', to: '' })}
        >
          {t('admin.factory.hoursAdd')}
        </button>
      )}
    </div>
  );
}
