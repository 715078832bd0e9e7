import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/Spinner';

interface FormFooterProps {
  /** The form-level message (the server's answer), announced; nothing when undefined. */
  error: string | undefined;
  submitLabel: string;
  /** The save is on its way: the button spins and waits. */
  pending: boolean;
  /** Held for another reason too (nothing changed, nothing to choose). */
  disabled?: boolean;
  /** A dialog's Cancel; a page section has none. */
  onCancel?: () => void;
}

/** The end of an Admin form: its form-level error, then Cancel (dialogs) and the submit button. */
export function FormFooter({ error, submitLabel, pending, disabled, onCancel }: FormFooterProps) {
  const { t } = useTranslation();
  return (
    <>
      {error && (
        <p className="wb-field__error" role="alert">
          {error}
        </p>
      )}
      <div className="wb-admin__actions">
        {onCancel && (
          <button type="button" className="wb-button wb-button--secondary" onClick={onCancel}>
            {t('admin.common.cancel')}
          </button>
        )}
        <button
          type="submit"
          className="wb-button wb-button--primary"
          disabled={pending || disabled}
        >
          {pending && <Spinner size="sm" />}
          {submitLabel}
        </button>
      </div>
    </>
  );
}
