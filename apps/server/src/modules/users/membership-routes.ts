import type { FastifyInstance } from 'fastify';
import {
  ADMIN_MESSAGES,
  adminMemberAdd,
  adminMemberRemove,
  StatusCode,
  type AdminUser,
} from '@wattboard/contract';
import { isFactoryAdmin, registerAdminCall } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import { closeHubConnections } from './user-sessions.ts';
import { deleteMembership, insertMembership, personByEmail } from './repo/memberships.ts';
import { findUser, setUserRole, usernameTakenIn } from './repo.ts';

type Refusal = { refused: string; statusCode: 201 | 1000 | 1001 };
const refuse = (statusCode: Refusal['statusCode'], refused: string): Refusal => ({
  refused,
  statusCode,
});

/**
 * Admin › Users: a person with an account in another factory joins this one
 * with a role here, or leaves it (decision 0089). Both are permission
 * changes, audited in this factory with from and to.
 */
export async function adminMembershipRoutes(app: FastifyInstance) {
  registerAdminCall(app, adminMemberAdd, async ({ body, factoryId, actor, ok, fail }) => {
    const result = await app.db.transaction(async (tx): Promise<{ user: AdminUser } | Refusal> => {
      const person = await personByEmail(tx, body.userEmail);
      if (!person) return refuse(StatusCode.UserNotFound, ADMIN_MESSAGES.noSuchPerson);
      if (await findUser(tx, factoryId, person.id)) {
        return refuse(StatusCode.UserAlreadyExisted, ADMIN_MESSAGES.alreadyMember);
      }
      if (isFactoryAdmin(person)) return refuse(StatusCode.Fail, ADMIN_MESSAGES.adminHomeOnly);
      // Names stay unique among a factory's members (the list, the audit log, the diary).
      if (await usernameTakenIn(tx, factoryId, person.username)) {
        return refuse(StatusCode.UserAlreadyExisted, ADMIN_MESSAGES.usernameTaken);
      }
      if (!(await insertMembership(tx, factoryId, person.id, body.role))) {
        return refuse(StatusCode.UserAlreadyExisted, ADMIN_MESSAGES.alreadyMember);
      }
      const user = await setUserRole(tx, factoryId, person.id, body.role);
      await recordAudit(tx, {
        factoryId,
        actor,
        action: 'user.member.add',
        target: { type: 'user', id: user.id },
        detail: { username: user.username, email: user.email, from: null, to: user.role },
      });
      return { user };
    });
    if ('refused' in result) return fail(result.statusCode, result.refused);
    return { ...ok, user: result.user };
  });

  registerAdminCall(app, adminMemberRemove, async ({ body, factoryId, actor, ok, fail }) => {
    type Outcome = { ended: string[] } | { refused: string } | null;
    const result = await app.db.transaction(async (tx): Promise<Outcome> => {
      const target = await findUser(tx, factoryId, body.userId, true);
      if (!target) return null;
      // This factory's own people (the Admin user among them) are disabled, never removed.
      if (!target.fromOtherFactory) return { refused: ADMIN_MESSAGES.ownPersonStays };
      const ended = await deleteMembership(tx, factoryId, target.id);
      await recordAudit(tx, {
        factoryId,
        actor,
        action: 'user.member.remove',
        target: { type: 'user', id: target.id },
        detail: {
          username: target.username,
          email: target.email,
          from: target.role,
          to: null,
          endedSessions: ended.length,
        },
      });
      return { ended };
    });
    if (!result) return fail(StatusCode.UserNotFound, ADMIN_MESSAGES.userNotFound);
    if ('refused' in result) return fail(StatusCode.Fail, result.refused);
    await closeHubConnections(
      app,
      result.ended.map((tokenHash) => ({ tokenHash })),
    );
    return { ...ok, userId: body.userId, endedSessions: result.ended.length };
  });
}
