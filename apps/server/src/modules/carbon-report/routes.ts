import type { FastifyInstance } from 'fastify';
import { carbonScope2 } from '@wattboard/contract';
import { registerFactoryCall } from '../auth/index.ts';
import { billingPoints } from '../billing/index.ts';
import { appliedFactorOfYear, certificatesOfYear } from '../carbon/index.ts';
import { activeTreeNodes } from '../factory/index.ts';
import { monthsBegun, scope2Figures } from './calc/scope2.ts';
import { monthlyNetEnergy } from './repo/monthly-energy.ts';

export interface CarbonReportRoutesOptions {
  /** The current instant (which months have begun); tests pass a fixed clock. */
  now?: () => Date;
}

/**
 * The yearly Scope 2 report (issue #27, docs/carbon.md): any signed-in user of
 * the factory, like the Report page.
 */
export async function carbonReportRoutes(
  app: FastifyInstance,
  options: CarbonReportRoutesOptions = {},
) {
  const now = () => (options.now ? options.now() : new Date()).getTime();

  registerFactoryCall(app, carbonScope2, async ({ body, factoryId, clock, ok }) => {
    const nodes = await activeTreeNodes(app.db, factoryId);
    const points = await billingPoints(app.db, factoryId, nodes);
    const [energy, applied, certificates] = await Promise.all([
      monthlyNetEnergy(
        app.db,
        factoryId,
        points.map((point) => point.nodeId),
        body.year,
        clock,
      ),
      appliedFactorOfYear(app.db, factoryId, body.year),
      certificatesOfYear(app.db, factoryId, body.year),
    ]);
    const { kgPerKwh } = applied;
    const byId = new Map(nodes.map((node) => [node.id, node]));
    const figures = scope2Figures({
      months: monthsBegun(body.year, clock.localParts(now()).date),
      kgPerKwh,
      certificateKwh: certificates.kwh,
      points: points.map((point) => ({
        nodeId: point.nodeId,
        chName: byId.get(point.nodeId)?.chName ?? '',
        name: byId.get(point.nodeId)?.name ?? '',
        accountNumber: point.accountNumber,
        byMonth: energy.get(point.nodeId) ?? new Map(),
      })),
    });
    return {
      ...ok,
      year: body.year,
      kgPerKwh,
      // Without any entry the factory's single factor stands in for every year.
      factorYear: applied.fromYear ?? body.year,
      provisional: applied.fromYear !== body.year,
      source: applied.source,
      sourceZh: applied.sourceZh,
      certificates,
      ...figures,
    };
  });
}
