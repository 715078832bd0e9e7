import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from './FormField';

/** From / To factory-local days of a filter form; `toMessage` reports an inverted range. */
export function DateRangeFields({
  from,
  to,
  toMessage,
}: {
  /** The filter form's registrations of its `from` and `to` (yyyy-MM-dd). */
  from: UseFormRegisterReturn;
  to: UseFormRegisterReturn;
  toMessage: string | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormField label={t('admin.common.from')} message={null}>
        {({ id }) => <input id={id} type="date" className="wb-input" {...from} />}
      </FormField>
      <FormField label={t('admin.common.to')} message={toMessage}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="date"
            className="wb-input"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            {...to}
          />
        )}
      </FormField>
    </>
  );
}
