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
import {
  findFactory,
  settingChanges,
  updateFactory,
  updateFactoryAnomalies,
  updateFactoryWorkingHours,
} from './repo/factory.ts';
import { runningJob } from '../rollups/index.ts';
import { emissionFactorsAnswer, saveEmissionFactor } from '../carbon/index.ts';
import { recordMainCapacityChange } from '../billing/index.ts';
import { ZoneClock } from '@wattboard/zone-time';
import type { AdminFactory, WorkingHours } from '@wattboard/contract';
import type { Queryable } from '../../platform/db/db.ts';

/**
 * The factory with co2Factor as this local year's factor from the factors by
 * year (modules/carbon): its own entry or the one standing in for it.
 */
async function withYearFactor(db: Queryable, factory: AdminFactory): Promise<AdminFactory> {
  const { current } = await emissionFactorsAnswer(db, factory.id, factory.timeZone);
  return { ...factory, co2Factor: current?.kgPerKwh ?? factory.co2Factor };
}

/** Each day type's periods in the order of their start: the order people read them in. */
function sortedWorkingHours(hours: WorkingHours): WorkingHours {
  const sorted = (periods: WorkingHours['weekday']) =>
    [...periods].sort((a, b) => a.from.localeCompare(b.from));
  return {
    weekday: sorted(hours.weekday),
    saturday: sorted(hours.saturday),
    sundayHoliday: sorted(hours.sundayHoliday),
  };
}

/** Thrown inside the transaction to roll the change back. */
class Busy extends Error {}

/**
 * Factory settings. A new time zone re-aligns the hourly and daily rollups of
 * all history in the background (the answer's job; progress in Job/List).
 */
export async function adminFactoryRoutes(app: FastifyInstance) {
  registerAdminCall(app, adminFactoryGet, async ({ factoryId, ok }) => ({
    ...ok,
    factory: await withYearFactor(app.db, await findFactory(app.db, factoryId)),
    job: await runningJob(app.db, factoryId),
  }));

  registerAdminCall(app, adminFactoryUpdate, async ({ body, auth, factoryId, actor, ok, fail }) => {
    try {
      const { factory, planned } = await app.db.transaction(async (tx) => {
        const before = await withYearFactor(tx, await findFactory(tx, factoryId, true));
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
        // Decision 0081: a new capacity holds from today's billing period; earlier bills keep theirs.
        const today = new ZoneClock(before.timeZone).localParts(Date.now()).date;
        await recordMainCapacityChange(tx, factoryId, body.contractCapacityKw, today);
        let updated = await updateFactory(tx, factoryId, body);
        // Decision 0082: the anomaly rule, when given (a client that predates it leaves it be).
        if (body.anomalies) updated = await updateFactoryAnomalies(tx, factoryId, body.anomalies);
        // Decision 0091: the working hours, when given, kept in the order of their start.
        if (body.workingHours) {
          updated = await updateFactoryWorkingHours(
            tx,
            factoryId,
            sortedWorkingHours(body.workingHours),
          );
        }
        // A different factor is this year's (in the new zone): earlier years keep theirs.
        const year = (await emissionFactorsAnswer(tx, factoryId, updated.timeZone)).currentYear;
        if (body.co2Factor !== before.co2Factor) {
          await saveEmissionFactor(tx, factoryId, {
            year,
            kgPerKwh: body.co2Factor,
            source: 'Entered in Admin › Factory',
            sourceZh: '於 Admin › 工廠 輸入',
          });
        }
        const after = await withYearFactor(tx, updated);
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
