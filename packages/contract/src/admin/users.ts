import { z } from 'zod';
import { defineCall } from '../call.ts';
import { withResponseEnvelope } from '../envelope.ts';
import { inputId } from '../input.ts';
import { userRole } from '../roles.ts';
import { isoDateTime } from '../time.ts';
import { adminRequest, nameText, nullableIsoDateTime } from './common.ts';

export const userStatus = z.enum(['active', 'disabled'], {
  error: 'status must be active or disabled',
});
export type UserStatus = z.infer<typeof userStatus>;

export const adminUser = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string(),
  status: userStatus,
  isAdmin: z.boolean(),
  /** What the user may do (docs/roles.md); the Admin user may do everything whatever this says. */
  role: userRole,
  /**
   * The person's account belongs to another factory (added here by e-mail,
   * decision 0089): this factory sets their role and may remove them; their
   * password and status are their home factory's Admin's.
   */
  fromOtherFactory: z.boolean(),
  /** True until the user has replaced a one-time password. */
  mustChangePassword: z.boolean(),
  lastSignInAt: nullableIsoDateTime,
  createdAt: isoDateTime,
});
export type AdminUser = z.infer<typeof adminUser>;

const userAnswer = withResponseEnvelope({ user: adminUser });

export const adminUserListRequest = adminRequest({});
export const adminUserListResponse = withResponseEnvelope({ users: z.array(adminUser) });
export type AdminUserListResponse = z.infer<typeof adminUserListResponse>;

export const adminUserList = defineCall({
  method: 'POST',
  path: '/v1/Admin/User/List',
  auth: true,
  request: adminUserListRequest,
  response: adminUserListResponse,
});

/**
 * Adds a user with a one-time password (shown once in the answer, never
 * stored in clear) and queues a bilingual invitation e-mail through the outbox
 * (the password is NOT in the mail). The user must choose a new password
 * after signing in. Taken e-mail: 1005; taken name in the factory: 1000.
 */
export const adminUserAddRequest = adminRequest({
  username: nameText('username'),
  /** The new user's e-mail (not `email`: that is the envelope's, the caller's own). */
  userEmail: z
    .string({ error: 'userEmail is required' })
    .trim()
    .toLowerCase()
    .pipe(z.email('userEmail must be a valid e-mail address').max(254, 'userEmail is too long')),
  /** Least privilege when left out: a new user sees everything and changes nothing. */
  role: userRole.default('viewer'),
});
export const adminUserWithPasswordResponse = withResponseEnvelope({
  user: adminUser,
  /** Shown once: give it to the user; it works until they choose their own. */
  oneTimePassword: z.string(),
});
export type AdminUserWithPasswordResponse = z.infer<typeof adminUserWithPasswordResponse>;

export const adminUserAdd = defineCall({
  method: 'POST',
  path: '/v1/Admin/User/Add',
  auth: true,
  request: adminUserAddRequest,
  response: adminUserWithPasswordResponse,
});

/**
 * Disable or enable. Disabling revokes every session of the user at once and
 * closes its hub connections; a disabled user cannot sign in (1002, as for a
 * wrong password). The Admin user and yourself cannot be disabled (201 Fail).
 */
export const adminUserStatusRequest = adminRequest({ userId: inputId, status: userStatus });
export const adminUserStatusResponse = userAnswer;

export const adminUserSetStatus = defineCall({
  method: 'POST',
  path: '/v1/Admin/User/Status',
  auth: true,
  request: adminUserStatusRequest,
  response: adminUserStatusResponse,
});

/**
 * A new one-time password (shown once); the old password stops working, every
 * session of the user is revoked and its hub connections closed.
 */
export const adminUserResetPasswordRequest = adminRequest({ userId: inputId });

export const adminUserResetPassword = defineCall({
  method: 'POST',
  path: '/v1/Admin/User/ResetPassword',
  auth: true,
  request: adminUserResetPasswordRequest,
  response: adminUserWithPasswordResponse,
});

/**
 * Changes what a user may do. Their open sessions keep working and pick the
 * new role up on their next call (the role is read with the session). The
 * Admin user's role cannot be changed (201 Fail): it may do everything.
 */
export const adminUserRoleRequest = adminRequest({ userId: inputId, role: userRole });

export const adminUserSetRole = defineCall({
  method: 'POST',
  path: '/v1/Admin/User/Role',
  auth: true,
  request: adminUserRoleRequest,
  response: userAnswer,
});
