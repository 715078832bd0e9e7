import type { FastifyInstance } from 'fastify';
import type { Config } from './platform/config.ts';
import { accountRoutes } from './modules/users/account-routes.ts';
import { adminAnnouncementRoutes } from './modules/announcements/admin-routes.ts';
import { adminEventRoutes } from './modules/alarms/admin-routes.ts';
import { adminMailRoutes } from './modules/mail/admin-routes.ts';
import { adminOutboxRoutes, adminWebhookRoutes } from './modules/webhooks/index.ts';
import { adminAuditRoutes } from './modules/audit/admin-routes.ts';
import { adminFactoryRoutes } from './modules/factory/admin-factory-routes.ts';
import { carbonAdminRoutes } from './modules/carbon/index.ts';
import { adminGatewayRoutes } from './modules/ingest/admin-routes.ts';
import { adminGatewayMeterRoutes } from './modules/ingest/admin-gateway-meter-routes.ts';
import { adminTemplateRoutes } from './modules/ingest/admin-template-routes.ts';
import { adminJobRoutes } from './modules/rollups/admin-job-routes.ts';
import { adminNodeRecomputeRoutes } from './modules/rollups/admin-recompute-routes.ts';
import { adminNodeRoutes } from './modules/factory/admin-node-routes.ts';
import { adminTariffRoutes } from './modules/cost/admin-routes.ts';
import { adminBillingPointRoutes } from './modules/billing/admin-routes.ts';
import { adminAdviceRoutes } from './modules/cost/admin-advice-routes.ts';
import { adminBillRoutes } from './modules/cost/admin-bill-routes.ts';
import { adminScheduledReportRoutes } from './modules/scheduled-reports/admin-routes.ts';
import { adminUserRoutes } from './modules/users/admin-routes.ts';
import { adminUserRoleRoutes } from './modules/users/role-routes.ts';
import { adminMembershipRoutes } from './modules/users/membership-routes.ts';
import { myFactoryRoutes } from './modules/users/my-factory-routes.ts';

export interface AdminRouteOptions {
  config: Config;
}

/**
 * The Admin page's calls (issue #13), each behind the one admin rule
 * (modules/auth/admin-rule.ts), and the account calls every signed-in user has.
 */
export async function adminRoutes(app: FastifyInstance, { config }: AdminRouteOptions) {
  await accountRoutes(app, config);
  await myFactoryRoutes(app);
  await adminAuditRoutes(app);
  await adminUserRoutes(app, config);
  await adminUserRoleRoutes(app);
  await adminMembershipRoutes(app);
  await adminJobRoutes(app);
  await adminFactoryRoutes(app);
  await carbonAdminRoutes(app);
  await adminNodeRoutes(app);
  await adminNodeRecomputeRoutes(app);
  await adminGatewayRoutes(app, config);
  await adminGatewayMeterRoutes(app);
  await adminTemplateRoutes(app);
  await adminAnnouncementRoutes(app);
  await adminEventRoutes(app);
  await adminMailRoutes(app);
  await adminWebhookRoutes(app);
  await adminOutboxRoutes(app);
  await adminTariffRoutes(app);
  await adminBillingPointRoutes(app);
  await adminAdviceRoutes(app);
  await adminBillRoutes(app);
  await adminScheduledReportRoutes(app);
}
