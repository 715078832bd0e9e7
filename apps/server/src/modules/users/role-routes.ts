import type { FastifyInstance } from 'fastify';
import { ADMIN_MESSAGES, adminUserSetRole, StatusCode, type AdminUser } from '@wattboard/contract';
import { registerAdminCall } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import { findUser, setUserRole } from './repo.ts';

/**
 * Admin › Users › role (issue #30). The new role holds from the user's next
 * call: sessions read it with the token, so nothing needs revoking. It is the
 * person's role in this factory only (their membership here, decision 0089).
 */
export async function adminUserRoleRoutes(app: FastifyInstance) {
  registerAdminCall(app, adminUserSetRole, async ({ body, factoryId, actor, ok, fail }) => {
    type Outcome = { user: AdminUser } | { refused: string } | null;
    const result = await app.db.transaction(async (tx): Promise<Outcome> => {
      const target = await findUser(tx, factoryId, body.userId, true);
      if (!target) return null;
      if (target.isAdmin) return { refused: ADMIN_MESSAGES.adminRoleFixed };
      if (target.role === body.role) return { user: target };
      const user = await setUserRole(tx, factoryId, target.id, body.role);
      await recordAudit(tx, {
        factoryId,
        actor,
        action: 'user.role',
        target: { type: 'user', id: user.id },
        detail: { username: user.username, from: target.role, to: user.role },
      });
      return { user };
    });
    if (!result) return fail(StatusCode.UserNotFound, ADMIN_MESSAGES.userNotFound);
    if ('refused' in result) return fail(StatusCode.Fail, result.refused);
    return { ...ok, user: result.user };
  });
}
