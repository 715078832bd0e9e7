import type { FastifyInstance } from 'fastify';
import {
  ADMIN_MESSAGES,
  adminFactoryGet,
  adminFactoryUpdate,
  StatusCode,
} from '@wattboard/contract';
import { registerAdminCall } from '../auth/index.ts';
import { planRebucket, type PlannedJob } from '../rollups/index.ts';
import { recordAudit } from '../audit/index.ts';
import { findFactory, settingChanges, updateFactory } from './repo/factory.ts';
import { runningJob } from '../rollups/index.ts';

/** Thrown inside the transaction to roll the change back. */
class Busy extends Error {}

/**
 * Factory settings. A new time zone re-aligns the hourly and daily rollups of
 * all history in the background (the answer's job; progress in Job/List).
 */
export async function adminFactoryRoutes(app: FastifyInstance) {
  registerAdminCall(app, adminFactoryGet, async ({ factoryId, ok }) => ({
    ...ok,
    factory: await findFactory(app.db, factoryId),
    job: await runningJob(app.db, factoryId),
  }));

  registerAdminCall(app, adminFactoryUpdate, async ({ body, auth, factoryId, actor, ok, fail }) => {
    try {
      const { factory, planned } = await app.db.transaction(async (tx) => {
        const before = await findFactory(tx, factoryId, true);
        let plan: PlannedJob | null = null;
        if (before.timeZone !== body.timeZone) {
          const result = await planRebucket(app, tx, {
            factoryId,
            userId: auth.user.id,
            fromZone: before.timeZone,
            toZone: body.timeZone,
          });
          if (result === 'busy') throw new Busy();
          plan = result;
        }
        const after = await updateFactory(tx, factoryId, body);
        const changes = settingChanges(before, after);
        if (Object.keys(changes).length > 0) {
          await recordAudit(tx, {
            factoryId,
            actor,
            action: 'factory.update',
            target: { type: 'factory', id: factoryId },
            detail: changes,
          });
        }
        return { factory: after, planned: plan };
      });
      planned?.start();
      return { ...ok, factory, job: planned?.job ?? (await runningJob(app.db, factoryId)) };
    } catch (err) {
      if (err instanceof Busy) return fail(StatusCode.Fail, ADMIN_MESSAGES.jobRunning);
      throw err;
    }
  });
}
