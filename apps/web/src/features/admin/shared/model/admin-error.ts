import { adminMessageId } from '@/lib/admin-message-id';
import { ApiError } from '@/lib/api-errors';

export { adminMessageId } from '@/lib/admin-message-id';
export type { AdminMessageId } from '@/lib/admin-message-id';

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
  const known = adminMessageId(error.message);
  if (known) return { key: `admin.errors.${known}` };
  if (error.httpStatus === 403) return { key: 'admin.errors.forbidden' };
  if (error.httpStatus >= 500) return { key: 'admin.errors.server' };
  return { key: 'admin.errors.refused', values: { message: error.message } };
}
