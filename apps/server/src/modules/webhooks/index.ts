// What other modules may use of the webhooks module: lint forbids reaching past this file.
export { queueEventWebhooks } from './repo/outbox.ts';
export { countReportDestinations, queueReportWebhooks } from './repo/report-outbox.ts';
export { type WebhookReport } from './calc/report-message.ts';
export { webhookPlugin, type WebhookService } from './plugin.ts';
export { type WebhookClearLinkMaker } from './worker.ts';
export { adminWebhookRoutes } from './admin-routes.ts';
export { adminOutboxRoutes } from './admin-outbox-routes.ts';
