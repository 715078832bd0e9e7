import { ADMIN_MESSAGES } from '@wattboard/contract';
import { ApiError } from '@/lib/api-errors';

export type AdminMessageId = keyof typeof ADMIN_MESSAGES;

const byText = new Map<string, AdminMessageId>(
  Object.entries(ADMIN_MESSAGES).map(([id, text]) => [text, id as AdminMessageId]),
);

/** The contract's id of a known server message, or null. */
export function adminMessageId(message: string): AdminMessageId | null {
  return byText.get(message) ?? null;
}

/** What to tell the person about a failed Admin call: a translation key and its values. */
export interface AdminErrorText {
  key: string;
  values?: Record<string, string>;
}

/**
 * The server's messages are English; a known one (the contract's
 * ADMIN_MESSAGES) is shown in the page's language, a 403 always reads as
 * "only Admin", and anything else is quoted as the server said it.
 */
export function adminErrorText(error: unknown): AdminErrorText {
  if (!(error instanceof ApiError)) return { key: 'admin.errors.network' };
  const known = byText.get(error.message);
  if (known) return { key: `admin.errors.${known}` };
  if (error.httpStatus === 403) return { key: 'admin.errors.forbidden' };
  if (error.httpStatus >= 500) return { key: 'admin.errors.server' };
  return { key: 'admin.errors.refused', values: { message: error.message } };
}
