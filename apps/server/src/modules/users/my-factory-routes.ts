import type { FastifyInstance } from 'fastify';
import {
  ADMIN_MESSAGES,
  StatusCode,
  userFactories,
  userSwitchFactory,
  type MyFactory,
} from '@wattboard/contract';
import type { AuthContext } from '../auth/index.ts';
import { actorOf, effectiveRoleOf, registerCallerCall } from '../auth/index.ts';
import { CLOSE_REASONS } from '../hub/index.ts';
import { recordAudit } from '../audit/index.ts';
import {
  membershipOf,
  membershipsOf,
  moveSession,
  type MembershipRow,
} from './repo/memberships.ts';

/** A membership as the person sees it; the Admin user's own factory is `admin`. */
function toMyFactory(row: MembershipRow, auth: AuthContext, currentId: number): MyFactory {
  return {
    factoryId: row.factory_id,
    name: row.name,
    nameZh: row.name_zh,
    role: effectiveRoleOf({ username: auth.user.username, role: row.role }),
    current: row.factory_id === currentId,
  };
}

/**
 * "My factories" and switching between them (decision 0089). The session
 * keeps the factory it looks at; a switch moves it, so the next call's
 * tenant and role are the new factory's, and ends the session's live
 * connections opened for the old one (the client connects again).
 */
export async function myFactoryRoutes(app: FastifyInstance) {
  registerCallerCall(app, userFactories, async ({ auth, ok }) => ({
    ...ok,
    factories: (await membershipsOf(app.db, auth.user.id)).map((row) =>
      toMyFactory(row, auth, auth.factory.id),
    ),
  }));

  registerCallerCall(app, userSwitchFactory, async ({ request, body, auth, ok, fail }) => {
    const target = body.toFactoryId;
    const moved = await app.db.transaction(async (tx) => {
      // Locked against a removal committing between this check and the move.
      const membership = await membershipOf(tx, auth.user.id, target);
      if (!membership) return null;
      if (target === auth.factory.id) return membership;
      if (!(await moveSession(tx, auth.tokenHash, target))) return null;
      await recordAudit(tx, {
        factoryId: target,
        actor: actorOf(auth, request),
        action: 'sign-in.switch',
        target: { type: 'user', id: auth.user.id },
        detail: { username: auth.user.username, role: membership.role },
      });
      return membership;
    });
    // Not a member (or no such factory): the same answer, nothing changed.
    if (!moved) return fail(StatusCode.FactoryNotFound, ADMIN_MESSAGES.factoryNotFound);
    if (target !== auth.factory.id && app.hasDecorator('hub')) {
      try {
        await app.hub.closeUserConnections(
          { tokenHash: auth.tokenHash, factoryId: auth.factory.id },
          CLOSE_REASONS.factorySwitched,
        );
      } catch (err) {
        // The session check closes them within its interval anyway (it compares the factory).
        request.log.error({ err }, 'switch: closing hub connections failed');
      }
    }
    return { ...ok, factory: toMyFactory(moved, auth, target) };
  });
}
