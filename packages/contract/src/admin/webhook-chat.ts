import { z } from 'zod';
import { isoDateTime } from '../time.ts';

// The chat services' own credentials and LINE's binding, as Admin › Webhooks takes and shows
// them (webhooks.ts holds the destinations themselves).

/** A Telegram chat: a numeric id (negative for groups) or @channelname. */
export const telegramChatId = z
  .string({ error: 'telegramChatId must be text' })
  .trim()
  .regex(
    /^(-?\d{1,20}|@[A-Za-z][A-Za-z0-9_]{4,31})$/,
    'telegramChatId must be a chat id or @channel',
  );
/** A Telegram bot token as BotFather gives it: `<digits>:<35+ characters>`. */
export const telegramToken = z
  .string({ error: 'telegramToken must be text' })
  .trim()
  .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/, 'telegramToken must be a bot token (123456:ABC…)');

/**
 * A LINE Messaging API channel access token (LINE Developers console ›
 * Messaging API tab): a long opaque string. Checked loosely, so a token of a
 * kind LINE issues later is not refused; the push call tells whether it works.
 */
export const lineChannelToken = z
  .string({ error: 'lineChannelToken must be text' })
  .trim()
  .regex(
    /^[A-Za-z0-9+/=._-]{20,1000}$/,
    'lineChannelToken must be a channel access token (20 to 1000 characters, no spaces)',
  );
/** A LINE channel secret (console › Basic settings tab): 32 hexadecimal characters today. */
export const lineChannelSecret = z
  .string({ error: 'lineChannelSecret must be text' })
  .trim()
  .regex(
    /^[A-Za-z0-9]{16,128}$/,
    'lineChannelSecret must be a channel secret (letters and digits)',
  );

/** A LINE destination as Admin sees it: where LINE posts, and whether a chat is bound. */
export const adminWebhookLine = z.object({
  /** The Webhook URL to paste into the LINE Developers console. */
  webhookUrl: z.string(),
  /** A user, group or room has bound itself: alerts go there. */
  bound: z.boolean(),
  /** What is bound: a person (`user`), a group or a multi-person chat (`room`). */
  chatType: z.enum(['user', 'group', 'room']).nullable(),
  /** Until when the current binding code works; null when there is none. */
  codeExpiresAt: isoDateTime.nullable(),
});
export type AdminWebhookLine = z.infer<typeof adminWebhookLine>;

/** A binding code made now, shown once: sent to the account, it binds that chat. */
export const lineBinding = z.object({
  code: z.string(),
  expiresAt: isoDateTime,
  webhookUrl: z.string(),
});
export type LineBinding = z.infer<typeof lineBinding>;
