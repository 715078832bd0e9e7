import { ADMIN_MESSAGES, userChangePasswordRequest } from '@wattboard/contract';
import { z } from 'zod';
import { adminMessageId } from '@/lib/admin-message-id';
import type { AdminMessageId } from '@/lib/admin-message-id';

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

/**
 * The server's refusals of the new password itself, by the contract's id:
 * the same one again, or a weak one (passwordTooCommon, passwordContainsEmail,
 * passwordContainsProductName, and any later password… rule, so a new rule
 * lands at the field without a change here). passwordChangeRequired is the
 * one-time-password gate's answer to other calls, not about the typed password.
 */
export function newPasswordRefusal(message: string): AdminMessageId | null {
  const id = adminMessageId(message);
  if (id === 'samePassword') return id;
  return id?.startsWith('password') && id !== 'passwordChangeRequired' ? id : null;
}

/** The translation key (and values) for a field's message from the contract or the form. */
export function passwordMessageKey(
  message: string | undefined,
): { key: string; values?: Record<string, string> } | null {
  if (!message) return null;
  if (message === PASSWORDS_DIFFER) return { key: 'admin.account.passwordsDiffer' };
  if (message === ADMIN_MESSAGES.wrongPassword) return { key: 'admin.errors.wrongPassword' };
  const refused = newPasswordRefusal(message);
  if (refused) return { key: `admin.errors.${refused}` };
  const min = /at least (\d+) characters/.exec(message)?.[1];
  if (min) return { key: 'admin.validation.tooShort', values: { min } };
  const max = /at most (\d+) characters/.exec(message)?.[1];
  if (max) return { key: 'admin.validation.tooLong', values: { max } };
  if (/is required/.test(message)) return { key: 'admin.validation.required' };
  return { key: 'admin.validation.invalid' };
}
