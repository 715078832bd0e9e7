import {
  SIGN_IN_EMAIL_MIN,
  SIGN_IN_PASSWORD_MIN,
  StatusCode,
  signInForm,
} from '@wattboard/contract';
import type { SignInForm } from '@wattboard/contract';
import { ApiError } from '@/lib/api-errors';

export interface SignInFormValues {
  email: string;
  password: string;
}

type Field = keyof SignInFormValues;

export type SignInFieldErrors = Partial<Record<Field, string>>;

export type SignInValidation =
  { ok: true; values: SignInForm } | { ok: false; errors: SignInFieldErrors };

/** Translation key for a field's first problem, following the contract's rules. */
export function signInErrorKey(field: Field, value: string, issueCode: string): string {
  if (value.trim() === '') return `login.errors.${field}Required`;
  if (field === 'password') return 'login.errors.passwordTooShort';
  return issueCode === 'too_small' ? 'login.errors.emailTooShort' : 'login.errors.emailInvalid';
}

export const minimumLength: Record<Field, number> = {
  email: SIGN_IN_EMAIL_MIN,
  password: SIGN_IN_PASSWORD_MIN,
};

/** The contract's signInForm, with each field's first problem as a translation key. */
export function validateSignInForm(values: SignInFormValues): SignInValidation {
  const parsed = signInForm.safeParse(values);
  if (parsed.success) return { ok: true, values: parsed.data };
  const errors: SignInFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field !== 'email' && field !== 'password') || errors[field]) continue;
    errors[field] = signInErrorKey(field, values[field], issue.code);
  }
  return { ok: false, errors };
}

export type SignInFailure =
  { kind: 'incorrect' } | { kind: 'too-many'; wait: SignInWait } | { kind: 'exception' };

/** How long a throttled sign-in must wait, in the unit the message uses. */
export interface SignInWait {
  unit: 'seconds' | 'minutes';
  count: number;
}

/**
 * Seconds below two minutes (the server's slow-down starts at 2 s, which must
 * not read "1 minute"), whole minutes rounded up beyond; as the server's message.
 */
export function signInWait(retryAfterSeconds: number): SignInWait {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  return seconds < 120
    ? { unit: 'seconds', count: seconds }
    : { unit: 'minutes', count: Math.ceil(seconds / 60) };
}

/** Status 1002 → under the password field; 429 → wait message; anything else → exception. */
export function classifySignInFailure(error: unknown): SignInFailure {
  if (error instanceof ApiError && error.statusCode === StatusCode.EMailOrPasswordError) {
    return { kind: 'incorrect' };
  }
  if (error instanceof ApiError && error.httpStatus === 429) {
    const seconds = error.retryAfterSeconds ?? 60;
    return { kind: 'too-many', wait: signInWait(seconds) };
  }
  return { kind: 'exception' };
}
