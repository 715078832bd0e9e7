import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/FormField';
import { useAdminTexts } from '@/features/admin/shared/components/use-admin-texts';
import type { FactoryFormValues } from '../model/factory-form';

interface AnomalyFieldsProps {
  register: UseFormRegister<FactoryFormValues>;
  errors: FieldErrors<FactoryFormValues>;
}

type NumberField = 'marginPercent' | 'minKw' | 'minutes';

const LABELS: Record<NumberField, string> = {
  marginPercent: 'admin.factory.anomalyMargin',
  minKw: 'admin.factory.anomalyMinKw',
  minutes: 'admin.factory.anomalyMinutes',
};

/**
 * The anomaly events' rule (issue #27, decision 0082): on or off, and how far
 * from the typical day for how long. Shown only when the server sends a rule.
 */
export function AnomalyFields({ register, errors }: AnomalyFieldsProps) {
  const { t } = useTranslation();
  const texts = useAdminTexts();
  const number = (name: NumberField) => (
    <FormField label={t(LABELS[name])} message={texts.field(errors.anomalies?.[name]?.message)}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className="wb-input"
          inputMode={name === 'minutes' ? 'numeric' : 'decimal'}
          autoComplete="off"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...register(`anomalies.${name}`)}
        />
      )}
    </FormField>
  );
  return (
    <fieldset data-testid="admin-factory-anomalies">
      <legend>{t('admin.factory.anomalyTitle')}</legend>
      <label className="wb-admin-check">
        <input type="checkbox" {...register('anomalies.enabled')} />
        {t('admin.factory.anomalyEnabled')}
      </label>
      <div className="wb-admin-form__row">
        {number('marginPercent')}
        {number('minKw')}
        {number('minutes')}
      </div>
      <p className="wb-admin__hint">{t('admin.factory.anomalyHint')}</p>
    </fieldset>
  );
}
