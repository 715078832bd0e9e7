import type { FastifyInstance } from 'fastify';
import { wasteFindings } from '@wattboard/contract';
import { registerFactoryCall } from '../auth/index.ts';
import { wasteFindingsOf } from './week-findings.ts';

/**
 * POST /v1/Web/Waste/Findings (issue #27, docs/waste.md): the factory's waste
 * over local days startDate..endDate, ranked by kWh per week (week-findings.ts).
 */
export async function wasteRoutes(app: FastifyInstance) {
  registerFactoryCall(app, wasteFindings, async ({ body, factoryId, clock, ok }) => ({
    ...ok,
    ...(await wasteFindingsOf(app.db, factoryId, clock, body)),
  }));
}
