import type { FastifyInstance } from 'fastify';
import {
  ADMIN_MESSAGES,
  adminUserAdd,
  adminUserList,
  adminUserResetPassword,
  adminUserSetStatus,
  StatusCode,
  type AdminUser,
} from '@wattboard/contract';
import {
  registerAdminCall,
  generateOneTimePassword,
  hashPassword,
  scryptParams,
} from '../auth/index.ts';
import { renderInvitationMail } from './invitation-mail.ts';
import { closeHubConnections } from './user-sessions.ts';
import { recordAudit } from '../audit/index.ts';
import type { Config } from '../../platform/config.ts';
import { insertOutboxMail } from '../mail/index.ts';
import {
  findUser,
  insertUser,
  listUsers,
  revokeSessions,
  setUserDisabled,
  setUserPassword,
  takenBy,
} from './repo.ts';

/** Users: list, add (one-time password + invitation mail), disable/enable, reset password. */
export async function adminUserRoutes(app: FastifyInstance, config: Config) {
  const scrypt = scryptParams(config.scryptCost);
  const kickMail = () => {
    if (app.hasDecorator('mail')) app.mail.kick();
  };

  registerAdminCall(app, adminUserList, async ({ factoryId, ok }) => ({
    ...ok,
    users: await listUsers(app.db, factoryId),
  }));

  registerAdminCall(app, adminUserAdd, async ({ body, auth, factoryId, actor, ok, fail }) => {
    const taken = await takenBy(app.db, factoryId, body.userEmail, body.username);
    if (taken.email) return fail(StatusCode.EMailAlreadRegistered, ADMIN_MESSAGES.emailTaken);
    if (taken.username) return fail(StatusCode.UserAlreadyExisted, ADMIN_MESSAGES.usernameTaken);
    const oneTimePassword = generateOneTimePassword();
    const passwordHash = await hashPassword(oneTimePassword, scrypt);
    const user = await app.db.transaction(async (tx) => {
      const added = await insertUser(tx, {
        factoryId,
        email: body.userEmail,
        username: body.username,
        passwordHash,
        role: body.role,
      });
      await insertOutboxMail(tx, {
        factoryId,
        eventId: null,
        toAddress: added.email,
        mail: renderInvitationMail({
          factory: auth.factory,
          username: added.username,
          email: added.email,
          invitedBy: auth.user.username,
        }),
      });
      await recordAudit(tx, {
        factoryId,
        actor,
        action: 'user.add',
        target: { type: 'user', id: added.id },
        detail: { username: added.username, email: added.email, role: added.role },
      });
      return added;
    });
    kickMail();
    return { ...ok, user, oneTimePassword };
  });

  registerAdminCall(app, adminUserSetStatus, async ({ body, auth, factoryId, actor, ok, fail }) => {
    const disable = body.status === 'disabled';
    type Outcome = { user: AdminUser } | { refused: string } | null;
    const result = await app.db.transaction(async (tx): Promise<Outcome> => {
      const target = await findUser(tx, factoryId, body.userId, true);
      if (!target) return null;
      if (disable && target.id === auth.user.id) return { refused: ADMIN_MESSAGES.notYourself };
      if (disable && target.isAdmin) return { refused: ADMIN_MESSAGES.adminStaysActive };
      // The account is its home factory's: another factory may only remove the membership.
      if (target.fromOtherFactory) return { refused: ADMIN_MESSAGES.accountElsewhere };
      const user = await setUserDisabled(tx, factoryId, target.id, disable);
      const revoked = disable ? await revokeSessions(tx, target.id) : [];
      if (target.status !== user.status) {
        await recordAudit(tx, {
          factoryId,
          actor,
          action: disable ? 'user.disable' : 'user.enable',
          target: { type: 'user', id: user.id },
          detail: { username: user.username, revokedSessions: revoked.length },
        });
      }
      return { user };
    });
    if (!result) return fail(StatusCode.UserNotFound, ADMIN_MESSAGES.userNotFound);
    if ('refused' in result) return fail(StatusCode.Fail, result.refused);
    if (disable) await closeHubConnections(app, [{ userId: result.user.id }]);
    return { ...ok, user: result.user };
  });

  registerAdminCall(app, adminUserResetPassword, async ({ body, factoryId, actor, ok, fail }) => {
    const oneTimePassword = generateOneTimePassword();
    const passwordHash = await hashPassword(oneTimePassword, scrypt);
    type Outcome = { user: AdminUser } | { refused: string } | null;
    const result = await app.db.transaction(async (tx): Promise<Outcome> => {
      const target = await findUser(tx, factoryId, body.userId, true);
      if (!target) return null;
      // Another factory's Admin must never set a password that opens the person's other factories.
      if (target.fromOtherFactory) return { refused: ADMIN_MESSAGES.accountElsewhere };
      const updated = await setUserPassword(tx, factoryId, target.id, passwordHash, true);
      const revoked = await revokeSessions(tx, target.id);
      await recordAudit(tx, {
        factoryId,
        actor,
        action: 'user.reset-password',
        target: { type: 'user', id: target.id },
        detail: { username: target.username, revokedSessions: revoked.length },
      });
      return { user: updated };
    });
    if (!result) return fail(StatusCode.UserNotFound, ADMIN_MESSAGES.userNotFound);
    if ('refused' in result) return fail(StatusCode.Fail, result.refused);
    await closeHubConnections(app, [{ userId: result.user.id }]);
    return { ...ok, user: result.user, oneTimePassword };
  });
}
