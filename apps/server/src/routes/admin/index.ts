import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { accountRoutes } from './account.ts';
import { adminAnnouncementRoutes } from './announcements.ts';
import { adminEventRoutes } from './events.ts';
import { adminMailRoutes } from './mail.ts';
import { adminAuditRoutes } from './audit.ts';
import { adminFactoryRoutes } from './factory.ts';
import { adminGatewayRoutes } from './gateways.ts';
import { adminJobRoutes } from './jobs.ts';
import { adminNodeRecomputeRoutes } from './node-recompute.ts';
import { adminNodeRoutes } from './nodes.ts';
import { adminTariffRoutes } from './tariff.ts';
import { adminScheduledReportRoutes } from './scheduled-reports.ts';
import { adminUserRoutes } from './users.ts';

export interface AdminRouteOptions {
  config: Config;
}

/**
 * The Admin page's calls (issue #13), each behind the one admin rule
 * (admin/rule.ts), and the account calls every signed-in user has.
 */
export async function adminRoutes(app: FastifyInstance, { config }: AdminRouteOptions) {
  await accountRoutes(app, config);
  await adminAuditRoutes(app);
  await adminUserRoutes(app, config);
  await adminJobRoutes(app);
  await adminFactoryRoutes(app);
  await adminNodeRoutes(app);
  await adminNodeRecomputeRoutes(app);
  await adminGatewayRoutes(app, config);
  await adminAnnouncementRoutes(app);
  await adminEventRoutes(app);
  await adminMailRoutes(app);
  await adminTariffRoutes(app);
  await adminScheduledReportRoutes(app);
}
