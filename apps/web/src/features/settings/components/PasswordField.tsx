import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface PasswordFieldProps {
  label: string;
  message: string | null;
  autoComplete: 'current-password' | 'new-password';
  registration: UseFormRegisterReturn;
}

/** A labelled password input with its field-level message. */
export function PasswordField({ label, message, autoComplete, registration }: PasswordFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  return (
    <div className="wb-field">
      <label className="wb-field__label" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        type="password"
        className="wb-input"
        autoComplete={autoComplete}
        aria-describedby={messageId}
        aria-invalid={message ? true : undefined}
        {...registration}
      />
      <p id={messageId} className="wb-field__error" role="alert">
        {message}
      </p>
    </div>
  );
}
