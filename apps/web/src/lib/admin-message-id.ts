import { ADMIN_MESSAGES } from '@wattboard/contract';

/**
 * The ids of the contract's ADMIN_MESSAGES. Shared code, because more than
 * the Admin page meets these answers (Settings' change-password form reads
 * the password refusals), and a feature must not import another feature.
 */
export type AdminMessageId = keyof typeof ADMIN_MESSAGES;

const byText = new Map<string, AdminMessageId>(
  Object.entries(ADMIN_MESSAGES).map(([id, text]) => [text, id as AdminMessageId]),
);

/** The contract's id of a known server message, or null. */
export function adminMessageId(message: string): AdminMessageId | null {
  return byText.get(message) ?? null;
}
