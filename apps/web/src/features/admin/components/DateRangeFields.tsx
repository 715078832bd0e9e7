import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from './FormField';

/**
 * From / To factory-local days of a form; `toMessage` reports an inverted
 * range, `fromMessage` a missing start where the form needs one.
 */
export function DateRangeFields({
  from,
  to,
  fromMessage = null,
  toMessage,
}: {
  /** The form's registrations of its `from` and `to` (yyyy-MM-dd). */
  from: UseFormRegisterReturn;
  to: UseFormRegisterReturn;
  fromMessage?: string | null;
  toMessage: string | null;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormField label={t('admin.common.from')} message={fromMessage}>
        {({ id, describedBy, invalid }) => (
          <input
            id={id}
            type="date"
            className="wb-input"
            aria-describedby={describedBy}
            aria-invalid={invalid || undefined}
            {...from}
          />
        )}
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
