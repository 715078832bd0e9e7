import { useId } from 'react';
import type { ReactElement } from 'react';

interface FormFieldProps {
  label: string;
  /** Shown under the field and announced; null when there is nothing to say. */
  message: string | null;
  /** Renders the control with the ids that tie it to its label and message. */
  children: (ids: { id: string; describedBy: string; invalid: boolean }) => ReactElement;
}

/** A labelled form control with its validation message. */
export function FormField({ label, message, children }: FormFieldProps) {
  const id = useId();
  const describedBy = `${id}-message`;
  return (
    <div className="wb-field">
      <label className="wb-field__label" htmlFor={id}>
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(message) })}
      <p id={describedBy} className="wb-field__error" role="alert">
        {message}
      </p>
    </div>
  );
}
