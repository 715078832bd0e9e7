import type { FastifyInstance } from 'fastify';
import {
  adminTariffGet,
  adminTariffUpdate,
  DEFAULT_TARIFF,
  type AdminTariffResponse,
} from '@wattboard/contract';
import { registerAdminCall } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { ZoneClock } from '@wattboard/zone-time';
import {
  saveTariffVersion,
  tariffVersions,
  type StoredTariffVersion,
} from './repo/tariff-store.ts';

export interface AdminTariffRoutesOptions {
  /** The current instant ("the version in force today"); tests pass a fixed clock. */
  now?: () => Date;
}

const toWire = (v: StoredTariffVersion) => ({
  id: v.id,
  validFrom: v.validFrom,
  createdAt: v.createdAt,
  createdBy: v.createdBy,
  tariff: v.definition,
});

/** The versions (newest first), the one in force on the factory's today, and the default. */
async function tariffAnswer(
  db: Queryable,
  factoryId: number,
  today: string,
): Promise<Pick<AdminTariffResponse, 'current' | 'versions' | 'defaultTariff'>> {
  const versions = await tariffVersions(db, factoryId);
  const current = versions.find((v) => v.validFrom <= today) ?? null;
  return {
    current: current ? toWire(current) : null,
    versions: versions.map(toWire),
    defaultTariff: DEFAULT_TARIFF,
  };
}

/**
 * /v1/Admin/Tariff/Get and /Update (issue #15): the factory's tariff history;
 * an edit is a new version from a day (the same day replaces it). Cost is
 * computed when read, so the change re-prices from validFrom on at once.
 */
export async function adminTariffRoutes(
  app: FastifyInstance,
  options: AdminTariffRoutesOptions = {},
) {
  const now = () => (options.now ? options.now() : new Date()).getTime();
  const todayOf = (timeZone: string) => new ZoneClock(timeZone).localParts(now()).date;

  registerAdminCall(app, adminTariffGet, async ({ auth, factoryId, ok }) => ({
    ...ok,
    ...(await tariffAnswer(app.db, factoryId, todayOf(auth.factory.timeZone))),
  }));

  registerAdminCall(app, adminTariffUpdate, async ({ body, auth, factoryId, actor, ok }) => {
    await app.db.transaction(async (tx) => {
      const before = (await tariffVersions(tx, factoryId)).find(
        (v) => v.validFrom === body.validFrom,
      );
      const id = await saveTariffVersion(tx, factoryId, body.validFrom, body.tariff, actor.name);
      await recordAudit(tx, {
        factoryId,
        actor,
        action: before ? 'tariff.replace' : 'tariff.add',
        target: { type: 'tariff', id },
        detail: {
          validFrom: body.validFrom,
          name: body.tariff.name,
          ...(before ? { replaced: before.definition.name } : {}),
        },
      });
    });
    return { ...ok, ...(await tariffAnswer(app.db, factoryId, todayOf(auth.factory.timeZone))) };
  });
}
