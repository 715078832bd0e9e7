import { z } from 'zod';

/** The session the client keeps in local storage, as plain strings. */
export const sessionKeys = ['token', 'email', 'username', 'dtTokenExpire'] as const;

export const storedSession = z.object({
  token: z.string().min(1),
  email: z.string().min(1),
  username: z.string(),
  dtTokenExpire: z.string().min(1),
});
export type StoredSession = z.infer<typeof storedSession>;

/** True when the session's dtTokenExpire is unparsable or not in the future. */
export function isSessionExpired(
  session: Pick<StoredSession, 'dtTokenExpire'>,
  now: Date,
): boolean {
  const expires = Date.parse(session.dtTokenExpire);
  return Number.isNaN(expires) || expires <= now.getTime();
}
