import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '@/components/ui/FormField';

interface WebhookTextInputProps {
  label: string;
  message: string | null;
  hint?: string | undefined;
  registration: UseFormRegisterReturn;
  type?: 'text' | 'url' | 'time' | 'number' | 'password';
  inputMode?: 'url' | 'numeric' | 'text';
}

/** One text input of the webhook dialog, labelled, with its hint and message. */
export function WebhookTextInput({
  label,
  message,
  hint,
  registration,
  type = 'text',
  inputMode,
}: WebhookTextInputProps) {
  return (
    <FormField label={label} message={message} hint={hint}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className="wb-input"
          type={type}
          inputMode={inputMode}
          autoComplete="off"
          spellCheck={false}
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...registration}
        />
      )}
    </FormField>
  );
}
