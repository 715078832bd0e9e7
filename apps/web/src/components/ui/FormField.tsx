import { useId } from 'react';
import type { ReactElement } from 'react';
import './form-field.css';

interface FormFieldProps {
  label: string;
  /** Shown under the field and announced; null when there is nothing to say. */
  message: string | null | undefined;
  /** A quiet hint under the field (what the value means or affects). */
  hint?: string | undefined;
  /** Renders the control with the ids that tie it to its label and message. */
  children: (ids: { id: string; describedBy: string; invalid: boolean }) => ReactElement;
}

/** A labelled form control with its hint and its field-level validation message. */
export function FormField({ label, message, hint, children }: FormFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const hintId = `${id}-hint`;
  const describedBy = hint ? `${hintId} ${messageId}` : messageId;
  return (
    <div className="wb-field">
      <label className="wb-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(message) })}
      {hint && (
        <p id={hintId} className="wb-field__hint">
          {hint}
        </p>
      )}
      <p id={messageId} className="wb-field__error" role="alert">
        {message}
      </p>
    </div>
  );
}
