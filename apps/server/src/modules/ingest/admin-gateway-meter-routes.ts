import type { FastifyInstance } from 'fastify';
import { findGatewayHealth } from './repo/gateway-health.ts';
import {
  ADMIN_MESSAGES,
  adminGatewayMeterList,
  adminGatewayMeterRemove,
  adminGatewayMeterSave,
  GATEWAY_METER_MESSAGES,
  StatusCode,
} from '@wattboard/contract';
import {
  loadTemplates,
  summarizeTemplate,
  type MeterTemplateSummary,
} from '@wattboard/contract/meter-templates';
import type { Queryable } from '../../platform/db/db.ts';
import { userTemplateNumber } from './calc/user-template.ts';
import { listUserTemplates, lockUserTemplate, findUserTemplate } from './repo/user-templates.ts';
import { registerAdminCall } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import { gatewayMeterProblem } from './calc/check-gateway-meter.ts';
import { findGateway } from './repo/gateways.ts';
import {
  deleteGatewayMeter,
  findFeedNode,
  findGatewayMeter,
  insertGatewayMeter,
  listGatewayMeters,
  meterFeedingNode,
  updateGatewayMeter,
} from './repo/gateway-meters.ts';

const pickSummary = (d: { manufacturer: string; model: string; phases: 1 | 3 }) => ({
  manufacturer: d.manufacturer,
  model: d.model,
  phases: d.phases,
});

type FailCode =
  typeof StatusCode.Fail | typeof StatusCode.DataNotFound | typeof StatusCode.IoTDeviceNotFound;
const refuse = (code: FailCode, message: string) => ({ refused: true as const, code, message });

/**
 * A gateway's meters (issue #25): list, save (add or change), remove. The gateway pulls them with
 * its key (gateway-config-route.ts). A gateway or node of another factory is "not found" (its
 * existence is not revealed); every other refusal is 201 Fail with a message naming the problem.
 */
export async function adminGatewayMeterRoutes(app: FastifyInstance) {
  // The shipped templates (packages/contract/meter-templates), read once: a bad one stops the start.
  const templates = new Map(
    [...loadTemplates().values()].map((t) => [t.id, summarizeTemplate(t)] as const),
  );

  /** A shipped template, or one of this factory's own (locked against its delete); undefined if none. */
  const templateFor = async (
    db: Queryable,
    factoryId: number,
    id: string,
  ): Promise<MeterTemplateSummary | undefined> => {
    const n = userTemplateNumber(id);
    if (n === null) return templates.get(id);
    if (!(await lockUserTemplate(db, factoryId, n))) return undefined;
    const own = await findUserTemplate(db, factoryId, n);
    return own ? { id, ...pickSummary(own.definition) } : undefined;
  };

  registerAdminCall(app, adminGatewayMeterList, async ({ body, factoryId, ok, fail }) => {
    const gateway = await findGateway(app.db, factoryId, body.gatewayId);
    if (!gateway) return fail(StatusCode.DataNotFound, ADMIN_MESSAGES.notFound);
    return {
      ...ok,
      meters: await listGatewayMeters(app.db, factoryId, gateway.id),
      templates: [
        ...templates.values(),
        ...(await listUserTemplates(app.db, factoryId)).map((t) => ({
          id: t.id,
          ...pickSummary(t.definition),
        })),
      ],
      gatewayHealth: await findGatewayHealth(app.db, factoryId, gateway.id),
    };
  });

  registerAdminCall(app, adminGatewayMeterSave, async ({ body, factoryId, actor, ok, fail }) => {
    const { gatewayId, meterId, nodeId, transport, unitId, template, pollIntervalMs } = body;
    const outcome = await app.db.transaction(async (tx) => {
      const gateway = await findGateway(tx, factoryId, gatewayId);
      if (!gateway) return refuse(StatusCode.DataNotFound, ADMIN_MESSAGES.notFound);
      if (gateway.revokedAt) {
        return refuse(StatusCode.Fail, GATEWAY_METER_MESSAGES.gatewayRevoked);
      }
      const node = await findFeedNode(tx, factoryId, nodeId);
      if (!node) return refuse(StatusCode.IoTDeviceNotFound, ADMIN_MESSAGES.nodeNotFound);
      const problem = gatewayMeterProblem(
        node,
        await templateFor(tx, factoryId, template),
        ADMIN_MESSAGES.retired,
      );
      if (problem) return refuse(StatusCode.Fail, problem);
      const feeding = await meterFeedingNode(tx, factoryId, nodeId);
      if (feeding !== null && feeding !== meterId) {
        return refuse(StatusCode.Fail, GATEWAY_METER_MESSAGES.nodeTaken);
      }
      const write = { gatewayId, nodeId, transport, unitId, template, pollIntervalMs };
      let id = meterId;
      if (id === null) id = await insertGatewayMeter(tx, factoryId, write);
      else if (!(await updateGatewayMeter(tx, factoryId, id, write))) {
        return refuse(StatusCode.DataNotFound, ADMIN_MESSAGES.notFound);
      }
      await recordAudit(tx, {
        factoryId,
        actor,
        action: meterId === null ? 'gateway.meter.add' : 'gateway.meter.update',
        target: { type: 'gateway', id: gatewayId },
        detail: {
          meterId: id,
          nodeId,
          transport: transport.kind,
          unitId,
          template,
          pollIntervalMs,
        },
      });
      return { refused: false as const, meter: (await findGatewayMeter(tx, factoryId, id))! };
    });
    if (outcome.refused) return fail(outcome.code, outcome.message);
    return { ...ok, meter: outcome.meter };
  });

  registerAdminCall(app, adminGatewayMeterRemove, async ({ body, factoryId, actor, ok, fail }) => {
    const removed = await app.db.transaction(async (tx) => {
      if (!(await deleteGatewayMeter(tx, factoryId, body.gatewayId, body.meterId))) return false;
      await recordAudit(tx, {
        factoryId,
        actor,
        action: 'gateway.meter.remove',
        target: { type: 'gateway', id: body.gatewayId },
        detail: { meterId: body.meterId },
      });
      return true;
    });
    if (!removed) return fail(StatusCode.DataNotFound, ADMIN_MESSAGES.notFound);
    return ok;
  });
}
