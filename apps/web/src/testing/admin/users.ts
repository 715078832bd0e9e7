import { ADMIN_MESSAGES, userRole } from '@wattboard/contract';
import type { AdminUser } from '@wattboard/contract';
import { ADMIN_EMAIL, ok, refusal } from './admin-harness';
import type { Answers } from './admin-harness';

/** Test-only: a users list that add / status / reset / role change the way the server does. */
export function adminUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    id: 1,
    username: 'Admin',
    email: ADMIN_EMAIL,
    status: 'active',
    isAdmin: true,
    // The Admin user's stored role (the demo seeds manager); it may do everything whatever this says.
    role: 'manager',
    fromOtherFactory: false,
    mustChangePassword: false,
    lastSignInAt: '2026-11-21T01:00:00Z',
    createdAt: '2026-01-01T00:00:00Z',
    ...overrides,
  };
}

export function usersServer(initial: AdminUser[]) {
  let users = [...initial];
  const answers: Answers = {
    '/v1/Admin/User/List': () => ok('/v1/Admin/User/List', { users }),
    '/v1/Admin/User/Add': (body) => {
      const user = adminUser({
        id: users.length + 10,
        username: String(body.username),
        email: String(body.userEmail),
        isAdmin: false,
        role: userRole.parse(body.role ?? 'viewer'),
        mustChangePassword: true,
        lastSignInAt: null,
      });
      users = [...users, user];
      return ok('/v1/Admin/User/Add', { user, oneTimePassword: 'otp-ABCD-1234' });
    },
    '/v1/Admin/User/Status': (body) => {
      users = users.map((u) =>
        u.id === body.userId ? { ...u, status: body.status as AdminUser['status'] } : u,
      );
      return ok('/v1/Admin/User/Status', { user: users.find((u) => u.id === body.userId) });
    },
    '/v1/Admin/User/Role': (body) => {
      const target = users.find((u) => u.id === body.userId);
      if (target?.isAdmin) return refusal(ADMIN_MESSAGES.adminRoleFixed);
      users = users.map((u) =>
        u.id === body.userId ? { ...u, role: userRole.parse(body.role) } : u,
      );
      return ok('/v1/Admin/User/Role', { user: users.find((u) => u.id === body.userId) });
    },
    '/v1/Admin/User/ResetPassword': (body) => {
      const user = users.find((u) => u.id === body.userId);
      return ok('/v1/Admin/User/ResetPassword', { user, oneTimePassword: 'otp-RESET-99' });
    },
  };
  return { answers, current: () => users };
}
