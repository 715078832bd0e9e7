import type { FastifyInstance } from 'fastify';
import {
  ADMIN_MESSAGES,
  adminTemplateList,
  adminTemplateReadNow,
  adminTemplateRemove,
  adminTemplateSave,
  QUANTITY_UNIT,
  READ_NOW_TIMEOUT_MS,
  StatusCode,
  USER_TEMPLATE_MESSAGES,
} from '@wattboard/contract';
import { registerAdminCall } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import { toDefinition, userTemplateId, userTemplateNumber } from './calc/user-template.ts';
import { readNowBroker } from './read-now/broker.ts';
import { findGateway } from './repo/gateways.ts';
import { findGatewayMeter } from './repo/gateway-meters.ts';
import {
  deleteUserTemplate,
  findUserTemplate,
  insertUserTemplate,
  listUserTemplates,
  lockUserTemplate,
  metersUsingTemplate,
  updateUserTemplate,
} from './repo/user-templates.ts';

type FailCode = typeof StatusCode.Fail | typeof StatusCode.DataNotFound;
const refuse = (code: FailCode, message: string) => ({ refused: true as const, code, message });

/**
 * Meter templates defined in Admin (decision 0088): list, save, remove, and "read now" through a
 * gateway. Another factory's template or gateway is "not found"; every change is audited.
 */
export async function adminTemplateRoutes(app: FastifyInstance) {
  const broker = readNowBroker(app);

  registerAdminCall(app, adminTemplateList, async ({ factoryId, ok }) => ({
    ...ok,
    templates: await listUserTemplates(app.db, factoryId),
  }));

  registerAdminCall(app, adminTemplateSave, async ({ body, factoryId, actor, ok, fail }) => {
    const outcome = await app.db.transaction(async (tx) => {
      let n = body.templateId === null ? null : userTemplateNumber(body.templateId);
      if (n === null && body.templateId !== null) {
        return refuse(StatusCode.DataNotFound, ADMIN_MESSAGES.notFound);
      }
      if (n === null) n = await insertUserTemplate(tx, factoryId, body.definition);
      else if (!(await updateUserTemplate(tx, factoryId, n, body.definition))) {
        return refuse(StatusCode.DataNotFound, ADMIN_MESSAGES.notFound);
      }
      const { manufacturer, model, phases, registers } = body.definition;
      await recordAudit(tx, {
        factoryId,
        actor,
        action: body.templateId === null ? 'gateway.template.add' : 'gateway.template.update',
        target: { type: 'meter-template', id: userTemplateId(n) },
        detail: { manufacturer, model, phases, registers: registers.length },
      });
      return { refused: false as const, template: (await findUserTemplate(tx, factoryId, n))! };
    });
    if (outcome.refused) return fail(outcome.code, outcome.message);
    return { ...ok, template: outcome.template };
  });

  registerAdminCall(app, adminTemplateRemove, async ({ body, factoryId, actor, ok, fail }) => {
    const outcome = await app.db.transaction(async (tx) => {
      const n = userTemplateNumber(body.templateId);
      if (n === null || !(await lockUserTemplate(tx, factoryId, n))) {
        return refuse(StatusCode.DataNotFound, ADMIN_MESSAGES.notFound);
      }
      if ((await metersUsingTemplate(tx, factoryId, body.templateId)) > 0) {
        return refuse(StatusCode.Fail, USER_TEMPLATE_MESSAGES.inUse);
      }
      await deleteUserTemplate(tx, factoryId, n);
      await recordAudit(tx, {
        factoryId,
        actor,
        action: 'gateway.template.remove',
        target: { type: 'meter-template', id: body.templateId },
      });
      return { refused: false as const };
    });
    if (outcome.refused) return fail(outcome.code, outcome.message);
    return ok;
  });

  registerAdminCall(app, adminTemplateReadNow, async ({ body, factoryId, ok, fail }) => {
    const gateway = await findGateway(app.db, factoryId, body.gatewayId);
    if (!gateway) return fail(StatusCode.DataNotFound, ADMIN_MESSAGES.notFound);
    if (gateway.revokedAt) return fail(StatusCode.Fail, USER_TEMPLATE_MESSAGES.gatewayRevoked);
    let target = { transport: body.transport!, unitId: body.unitId! };
    if (body.meterId !== null) {
      const meter = await findGatewayMeter(app.db, factoryId, body.meterId);
      if (!meter) return fail(StatusCode.DataNotFound, ADMIN_MESSAGES.notFound);
      if (meter.gatewayId !== gateway.id) {
        return fail(StatusCode.Fail, USER_TEMPLATE_MESSAGES.meterGateway);
      }
      target = { transport: meter.transport, unitId: meter.unitId };
    }
    const started = Date.now();
    const outcome = await broker.ask(
      gateway.id,
      { ...target, template: toDefinition('draft', body.definition) },
      READ_NOW_TIMEOUT_MS,
    );
    if (outcome === 'offline') return fail(StatusCode.Fail, USER_TEMPLATE_MESSAGES.gatewayOffline);
    if (outcome === 'busy') return fail(StatusCode.Fail, USER_TEMPLATE_MESSAGES.gatewayBusy);
    const values = outcome.ok
      ? body.definition.registers
          .filter((r) => outcome.values[r.quantity] !== undefined)
          .map((r) => ({
            quantity: r.quantity,
            value: outcome.values[r.quantity]!,
            unit: QUANTITY_UNIT[r.quantity],
          }))
      : [];
    return { ...ok, outcome, values, elapsedMs: Date.now() - started };
  });
}
