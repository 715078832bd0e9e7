import type { FastifyInstance } from 'fastify';
import {
  ADMIN_MESSAGES,
  adminTariffFollowFactory,
  adminTariffGet,
  adminTariffUpdate,
  DEFAULT_TARIFF,
  StatusCode,
  type AdminTariffResponse,
  type TariffPoint,
} from '@wattboard/contract';
import { registerAdminCall } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { ZoneClock } from '@wattboard/zone-time';
import {
  deletePointTariff,
  saveTariffVersion,
  tariffVersions,
  type StoredTariffVersion,
} from './repo/tariff-store.ts';
import { tariffScope, type TariffScope } from './repo/tariff-points.ts';

export interface AdminTariffRoutesOptions {
  /** The current instant ("the version in force today"); tests pass a fixed clock. */
  now?: () => Date;
}

type TariffAnswer = Pick<
  AdminTariffResponse,
  'nodeId' | 'ownTariff' | 'current' | 'versions' | 'defaultTariff' | 'points'
>;

const toWire = (v: StoredTariffVersion) => ({
  id: v.id,
  validFrom: v.validFrom,
  createdAt: v.createdAt,
  createdBy: v.createdBy,
  tariff: v.definition,
});

/**
 * The versions (newest first) of the asked-for tariff, the one in force on
 * the factory's today, the default and the points; a point without its own
 * shows the factory's versions, which it follows.
 */
async function tariffAnswer(
  db: Queryable,
  factoryId: number,
  today: string,
  scope: { pointNodeId: number | null; points: TariffPoint[] },
  asked: number | undefined,
): Promise<TariffAnswer> {
  const own =
    scope.pointNodeId === null ? [] : await tariffVersions(db, factoryId, scope.pointNodeId);
  const versions = own.length > 0 ? own : await tariffVersions(db, factoryId);
  const current = versions.find((v) => v.validFrom <= today) ?? null;
  return {
    nodeId: asked ?? null,
    ownTariff: own.length > 0,
    current: current ? toWire(current) : null,
    versions: versions.map(toWire),
    defaultTariff: DEFAULT_TARIFF,
    points: scope.points,
  };
}

/** The refusal for a scope that is not a billing point of the factory, or null. */
function refusal(scope: TariffScope) {
  if (scope.kind === 'not-found') {
    return { status: StatusCode.IoTDeviceNotFound, message: ADMIN_MESSAGES.nodeNotFound };
  }
  if (scope.kind === 'not-point') {
    return { status: StatusCode.Fail, message: ADMIN_MESSAGES.notBillingPoint };
  }
  return null;
}

/**
 * /v1/Admin/Tariff/Get, /Update and /FollowFactory (issue #15; per billing
 * point: decision 0065): the factory's tariff history, or a further billing
 * point's own; an edit is a new version from a day (the same day replaces it).
 * Cost is computed when read, so the change re-prices from validFrom on at once.
 */
export async function adminTariffRoutes(
  app: FastifyInstance,
  options: AdminTariffRoutesOptions = {},
) {
  const now = () => (options.now ? options.now() : new Date()).getTime();
  const todayOf = (timeZone: string) => new ZoneClock(timeZone).localParts(now()).date;

  registerAdminCall(app, adminTariffGet, async ({ body, auth, factoryId, ok, fail }) => {
    const scope = await tariffScope(app.db, factoryId, body.nodeId);
    const refused = refusal(scope);
    if (refused || scope.kind !== 'scope') return fail(refused!.status, refused!.message);
    const today = todayOf(auth.factory.timeZone);
    return { ...ok, ...(await tariffAnswer(app.db, factoryId, today, scope, body.nodeId)) };
  });

  registerAdminCall(app, adminTariffUpdate, async ({ body, auth, factoryId, actor, ok, fail }) => {
    const saved = await app.db.transaction(async (tx) => {
      const scope = await tariffScope(tx, factoryId, body.nodeId);
      if (scope.kind !== 'scope') return scope;
      const point = scope.pointNodeId;
      const before = (await tariffVersions(tx, factoryId, point)).find(
        (v) => v.validFrom === body.validFrom,
      );
      const id = await saveTariffVersion(
        tx,
        factoryId,
        body.validFrom,
        body.tariff,
        actor.name,
        point,
      );
      await recordAudit(tx, {
        factoryId,
        actor,
        action: before ? 'tariff.replace' : 'tariff.add',
        target: { type: 'tariff', id },
        detail: {
          validFrom: body.validFrom,
          name: body.tariff.name,
          ...(point === null ? {} : { billingPoint: point }),
          ...(before ? { replaced: before.definition.name } : {}),
        },
      });
      return await tariffScope(tx, factoryId, body.nodeId);
    });
    const refused = refusal(saved);
    if (refused || saved.kind !== 'scope') return fail(refused!.status, refused!.message);
    const today = todayOf(auth.factory.timeZone);
    return { ...ok, ...(await tariffAnswer(app.db, factoryId, today, saved, body.nodeId)) };
  });

  registerAdminCall(app, adminTariffFollowFactory, async (ctx) => {
    const { body, auth, factoryId, actor, ok, fail } = ctx;
    const scope = await app.db.transaction(async (tx) => {
      const found = await tariffScope(tx, factoryId, body.nodeId);
      if (found.kind !== 'scope' || found.pointNodeId === null) return found;
      const removed = await deletePointTariff(tx, factoryId, found.pointNodeId);
      if (removed > 0) {
        await recordAudit(tx, {
          factoryId,
          actor,
          action: 'tariff.follow-factory',
          target: { type: 'node', id: found.pointNodeId },
          detail: { versionsRemoved: removed },
        });
      }
      return await tariffScope(tx, factoryId, body.nodeId);
    });
    const refused = refusal(scope);
    if (refused || scope.kind !== 'scope') return fail(refused!.status, refused!.message);
    const today = todayOf(auth.factory.timeZone);
    return { ...ok, ...(await tariffAnswer(app.db, factoryId, today, scope, body.nodeId)) };
  });
}
