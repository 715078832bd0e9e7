import type { FastifyInstance } from 'fastify';
import {
  ADMIN_MESSAGES,
  adminEmissionFactorList,
  adminEmissionFactorRemove,
  adminEmissionFactorSave,
  adminRenewableCertificateSave,
  EMISSION_FACTOR_MESSAGES,
  StatusCode,
  type AdminEmissionFactorsResponse,
} from '@wattboard/contract';
import { ZoneClock } from '@wattboard/zone-time';
import { registerAdminCall } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import { factorForYear, yearOfDate } from './calc/emission-factors.ts';
import {
  listEmissionFactors,
  removeEmissionFactor,
  saveEmissionFactor,
} from './repo/emission-factors.ts';
import { certificatesOfYear, saveCertificates } from './repo/certificates.ts';
import type { Queryable } from '../../platform/db/db.ts';

type FactorsAnswer = Pick<AdminEmissionFactorsResponse, 'factors' | 'currentYear' | 'current'>;

/** The list with the year it is now in the factory and the factor that year uses. */
export async function emissionFactorsAnswer(
  db: Queryable,
  factoryId: number,
  timeZone: string,
): Promise<FactorsAnswer> {
  const factors = await listEmissionFactors(db, factoryId);
  const currentYear = yearOfDate(new ZoneClock(timeZone).localParts(Date.now()).date);
  return { factors, currentYear, current: factorForYear(factors, currentYear) };
}

/** Admin › Factory › Emission factors by year (issue #27, decision 0078). */
export async function carbonAdminRoutes(app: FastifyInstance) {
  const answer = (factoryId: number, timeZone: string) =>
    emissionFactorsAnswer(app.db, factoryId, timeZone);

  registerAdminCall(app, adminEmissionFactorList, async ({ auth, factoryId, ok }) => ({
    ...ok,
    ...(await answer(factoryId, auth.factory.timeZone)),
  }));

  registerAdminCall(app, adminEmissionFactorSave, async ({ body, auth, factoryId, actor, ok }) => {
    const entry = {
      year: body.year,
      kgPerKwh: body.kgPerKwh,
      source: body.source.trim(),
      sourceZh: body.sourceZh.trim(),
    };
    await app.db.transaction(async (tx) => {
      const before = (await listEmissionFactors(tx, factoryId)).find((f) => f.year === entry.year);
      await saveEmissionFactor(tx, factoryId, entry);
      await recordAudit(tx, {
        factoryId,
        actor,
        action: 'emission-factor.save',
        target: { type: 'emission-factor', id: entry.year },
        detail: {
          kgPerKwh: { from: before?.kgPerKwh ?? null, to: entry.kgPerKwh },
          source: { from: before?.source ?? null, to: entry.source },
          sourceZh: { from: before?.sourceZh ?? null, to: entry.sourceZh },
        },
      });
    });
    return { ...ok, ...(await answer(factoryId, auth.factory.timeZone)) };
  });

  registerAdminCall(app, adminRenewableCertificateSave, async ({ body, factoryId, actor, ok }) => {
    const entry = { kwh: body.kwh, note: body.note.trim() };
    await app.db.transaction(async (tx) => {
      const before = await certificatesOfYear(tx, factoryId, body.year);
      await saveCertificates(tx, factoryId, body.year, entry);
      await recordAudit(tx, {
        factoryId,
        actor,
        action: 'renewable-certificate.save',
        target: { type: 'renewable-certificate', id: body.year },
        detail: {
          kwh: { from: before.kwh, to: entry.kwh },
          note: { from: before.note, to: entry.note },
        },
      });
    });
    return { ...ok, year: body.year, ...(entry.kwh === 0 ? { kwh: 0, note: '' } : entry) };
  });

  registerAdminCall(
    app,
    adminEmissionFactorRemove,
    async ({ body, auth, factoryId, actor, ok, fail }) => {
      const outcome = await app.db.transaction(async (tx) => {
        const factors = await listEmissionFactors(tx, factoryId);
        const entry = factors.find((f) => f.year === body.year);
        if (!entry) return 'missing' as const;
        if (factors.length === 1) return 'last' as const;
        await removeEmissionFactor(tx, factoryId, body.year);
        await recordAudit(tx, {
          factoryId,
          actor,
          action: 'emission-factor.remove',
          target: { type: 'emission-factor', id: body.year },
          detail: { kgPerKwh: { from: entry.kgPerKwh, to: null } },
        });
        return 'removed' as const;
      });
      if (outcome === 'missing') return fail(StatusCode.DataNotFound, ADMIN_MESSAGES.notFound);
      if (outcome === 'last') return fail(StatusCode.Fail, EMISSION_FACTOR_MESSAGES.lastEntry);
      return { ...ok, ...(await answer(factoryId, auth.factory.timeZone)) };
    },
  );
}
