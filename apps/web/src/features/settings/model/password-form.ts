import { ADMIN_MESSAGES, userChangePasswordRequest } from '@wattboard/contract';
import { z } from 'zod';

/** Messages the form shows, keyed by what went wrong (texts under admin.account). */
export const PASSWORDS_DIFFER = 'passwordsDiffer';

/** The contract's fields plus the new password typed twice. */
export const passwordFormSchema = userChangePasswordRequest
  .pick({ oldPassword: true, newPassword: true })
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.confirmPassword === v.newPassword, {
    message: PASSWORDS_DIFFER,
    path: ['confirmPassword'],
  });
export type PasswordFormValues = z.input<typeof passwordFormSchema>;

export const emptyPasswordForm: PasswordFormValues = {
  oldPassword: '',
  newPassword: '',
  confirmPassword: '',
};

/** The translation key (and values) for a field's message from the contract or the form. */
export function passwordMessageKey(
  message: string | undefined,
): { key: string; values?: Record<string, string> } | null {
  if (!message) return null;
  if (message === PASSWORDS_DIFFER) return { key: 'admin.account.passwordsDiffer' };
  if (message === ADMIN_MESSAGES.wrongPassword) return { key: 'admin.errors.wrongPassword' };
  if (message === ADMIN_MESSAGES.samePassword) return { key: 'admin.errors.samePassword' };
  const min = /at least (\d+) characters/.exec(message)?.[1];
  if (min) return { key: 'admin.validation.tooShort', values: { min } };
  const max = /at most (\d+) characters/.exec(message)?.[1];
  if (max) return { key: 'admin.validation.tooLong', values: { max } };
  if (/is required/.test(message)) return { key: 'admin.validation.required' };
  return { key: 'admin.validation.invalid' };
}
