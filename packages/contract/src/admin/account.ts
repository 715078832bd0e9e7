import { z } from 'zod';
import { defineCall } from '../call.ts';
import { withRequestEnvelope, withResponseEnvelope } from '../envelope.ts';
import { inputText } from '../input.ts';
import { effectiveRole } from '../roles.ts';
import { newPassword, nullableIsoDateTime } from './common.ts';

/**
 * The signed-in user's own account (every user, not only Admin). After sign-in
 * the client asks this: `mustChangePassword` (a one-time password from the
 * Admin) means the "choose a new password" form comes first; `isAdmin` decides
 * the Admin entry (the server checks again on every Admin call).
 */
export const userAccountRequest = withRequestEnvelope({});
export const userAccountResponse = withResponseEnvelope({
  userId: z.number().int(),
  username: z.string(),
  isAdmin: z.boolean(),
  /** What this user may do: `admin` for the Admin user, else the stored role (docs/roles.md). */
  role: effectiveRole,
  mustChangePassword: z.boolean(),
  /** The user's latest sign-in (usually this session's), or null. */
  lastSignInAt: nullableIsoDateTime,
});
export type UserAccountResponse = z.infer<typeof userAccountResponse>;

export const userAccount = defineCall({
  method: 'POST',
  path: '/v1/User/Account',
  auth: true,
  request: userAccountRequest,
  response: userAccountResponse,
});

/**
 * "Change my password" (settings dialog, and the forced change after a
 * one-time password). The current password is required; every OTHER session
 * of the user is revoked and its hub connections closed; this session stays.
 * A wrong current password answers statusCode 1002 with
 * ADMIN_MESSAGES.wrongPassword; the same password again 201 Fail with
 * ADMIN_MESSAGES.samePassword. Both count as failed sign-ins for throttling.
 * A new password that is too common or built on the e-mail or the product's
 * name answers 201 Fail with ADMIN_MESSAGES.passwordTooCommon /
 * passwordContainsEmail / passwordContainsProductName.
 */
export const userChangePasswordRequest = withRequestEnvelope({
  oldPassword: inputText.min(1, 'oldPassword is required'),
  newPassword,
});
export const userChangePasswordResponse = withResponseEnvelope({
  message: z.string(),
  /** How many other sessions were signed out. */
  revokedSessions: z.number().int(),
});
export type UserChangePasswordResponse = z.infer<typeof userChangePasswordResponse>;

export const userChangePassword = defineCall({
  method: 'POST',
  path: '/v1/User/ChangePassword',
  auth: true,
  request: userChangePasswordRequest,
  response: userChangePasswordResponse,
});
