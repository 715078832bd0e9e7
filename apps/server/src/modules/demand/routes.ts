import type { FastifyInstance } from 'fastify';
import {
  adminDemandGet,
  adminDemandUpdate,
  demandStatusGet,
  shedPriorityUpdate,
  StatusCode,
  type DemandSettings,
} from '@wattboard/contract';
import { actorOf, registerAdminCall, registerFactoryCall } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import {
  demandMailReceivers,
  loadDemandSettings,
  saveDemandSettings,
  setDemandMailReceivers,
} from './repo/settings.ts';
import { demandStatus, setShedPriority } from './repo/status.ts';
import { ownReceiverCount } from '../mail/index.ts';

export const CHANNEL_NOT_FOUND_MESSAGE = 'channelScheduleId: no such channel in this factory.';
export const RECEIVER_NOT_FOUND_MESSAGE =
  'demandMailReceiverIds: no such e-mail receiver in this factory.';

async function settingsOf(app: FastifyInstance, factoryId: number): Promise<DemandSettings> {
  const [stored, receivers] = await Promise.all([
    loadDemandSettings(app.db, factoryId),
    demandMailReceivers(app.db, factoryId),
  ]);
  return { ...stored, demandMailReceiverIds: receivers };
}

/**
 * Demand management's calls (issue #15): the status every user sees, the
 * channel's shed priority (Control page), and the Admin page's settings.
 */
export async function demandRoutes(app: FastifyInstance) {
  registerFactoryCall(app, demandStatusGet, async ({ factoryId, ok }) => {
    return {
      ...ok,
      demand: await demandStatus(app.db, factoryId, app.control.now()),
    };
  });

  registerFactoryCall(
    app,
    shedPriorityUpdate,
    async ({ body, auth, request, factoryId, ok, fail }) => {
      const changed = await app.db.transaction(async (tx) => {
        const result = await setShedPriority(
          tx,
          factoryId,
          body.channelScheduleId,
          body.shedPriority,
        );
        if (result === null) return false;
        await recordAudit(tx, {
          factoryId,
          actor: actorOf(auth, request),
          action: 'control.channel.shed-priority',
          target: { type: 'channel', id: body.channelScheduleId },
          detail: { before: result.before, after: body.shedPriority },
        });
        return true;
      });
      if (!changed) {
        return fail(StatusCode.DataNotFound, CHANNEL_NOT_FOUND_MESSAGE);
      }
      return {
        ...ok,
        demand: await demandStatus(app.db, factoryId, app.control.now()),
      };
    },
  );

  registerAdminCall(app, adminDemandGet, async ({ factoryId, ok }) => ({
    ...ok,
    settings: await settingsOf(app, factoryId),
    demand: await demandStatus(app.db, factoryId, app.control.now()),
  }));

  registerAdminCall(app, adminDemandUpdate, async ({ body, factoryId, actor, ok, fail }) => {
    const before = await settingsOf(app, factoryId);
    const { demandMailReceiverIds, ...stored } = body;
    const wanted = [...new Set(demandMailReceiverIds)].sort((a, b) => a - b);
    const saved = await app.db.transaction(async (tx) => {
      if ((await ownReceiverCount(tx, factoryId, wanted)) !== wanted.length) return false;
      await saveDemandSettings(tx, factoryId, stored);
      await setDemandMailReceivers(tx, factoryId, wanted);
      await recordAudit(tx, {
        factoryId,
        actor,
        action: 'demand.settings.update',
        target: { type: 'factory', id: factoryId },
        detail: { before, after: { ...stored, demandMailReceiverIds: wanted } },
      });
      return true;
    });
    if (!saved) return fail(StatusCode.DataNotFound, RECEIVER_NOT_FOUND_MESSAGE);
    return {
      ...ok,
      settings: await settingsOf(app, factoryId),
      demand: await demandStatus(app.db, factoryId, app.control.now()),
    };
  });
}
