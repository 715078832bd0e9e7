import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/ui/FormField';

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
      <DayField label={t('admin.common.from')} message={fromMessage} registration={from} />
      <DayField label={t('admin.common.to')} message={toMessage} registration={to} />
    </>
  );
}

/** One factory-local day (yyyy-MM-dd) with its label and message. */
function DayField({
  label,
  message,
  registration,
}: {
  label: string;
  message: string | null;
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField label={label} message={message}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          type="date"
          className="wb-input"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...registration}
        />
      )}
    </FormField>
  );
}
