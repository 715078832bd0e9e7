import { useId } from 'react';
import type { InputHTMLAttributes, Ref } from 'react';

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  /** Shown under the field in a live region; null when there is nothing to say. */
  message: string | null;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its message announced by screen readers. */
export function TextField({ label, message, ref, ...inputProps }: TextFieldProps) {
  const id = useId();
  return (
    <div className="wb-field">
      <label className="wb-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        className="wb-input"
        aria-invalid={message ? true : undefined}
        aria-describedby={`${id}-message`}
        {...inputProps}
      />
      <p id={`${id}-message`} className="wb-field__error" role="alert">
        {message}
      </p>
    </div>
  );
}
