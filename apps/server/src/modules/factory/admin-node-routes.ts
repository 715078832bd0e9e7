import type { FastifyInstance } from 'fastify';
import { ADMIN_MESSAGES, adminNodeAdd, adminNodeList, StatusCode } from '@wattboard/contract';
import { registerAdminCall } from '../auth/index.ts';
import { canHold as canHoldKind } from './node-rules.ts';
import { insertNode } from './repo/provisioning.ts';
import { recordAudit } from '../audit/index.ts';
import { invalidateIngestNodes } from '../ingest/index.ts';
import { findNode, listNodes, serialInUse } from './repo/nodes.ts';
import { adminNodeChangeRoutes } from './node-changes.ts';

/** Monitoring points: list, add; the changes (update, move, retire) are in node-changes.ts. */
export async function adminNodeRoutes(app: FastifyInstance) {
  registerAdminCall(app, adminNodeList, async ({ factoryId, ok }) => ({
    ...ok,
    nodes: await listNodes(app.db, factoryId),
  }));

  registerAdminCall(app, adminNodeAdd, async ({ body, factoryId, actor, ok, fail }) => {
    const outcome = await app.db.transaction(async (tx) => {
      if (body.parentId !== null) {
        const parent = await findNode(tx, factoryId, body.parentId);
        if (!parent) return 'no-parent' as const;
        if (parent.retiredAt !== null) return 'retired' as const;
        if (!canHoldKind(parent.type, body.type)) return 'bad-parent' as const;
      } else if (!canHoldKind(null, body.type)) {
        return 'bad-parent' as const;
      }
      if (body.serial !== undefined && (await serialInUse(tx, factoryId, body.serial))) {
        return 'serial' as const;
      }
      const id = await insertNode(tx, factoryId, {
        type: body.type,
        parentId: body.parentId,
        name: body.name,
        chName: body.chName,
        serial: body.serial ?? null,
        wiring: body.wiring ?? null,
        breakerType: body.breakerType ?? null,
        frequencyHz: body.frequencyHz ?? null,
        hasReverseKwh: body.hasReverseKwh,
      });
      await recordAudit(tx, {
        factoryId,
        actor,
        action: 'node.add',
        target: { type: 'node', id },
        detail: { type: body.type, name: body.name, serial: body.serial ?? null },
      });
      return (await findNode(tx, factoryId, id))!;
    });
    if (outcome === 'no-parent') {
      return fail(StatusCode.IoTDeviceNotFound, ADMIN_MESSAGES.nodeNotFound);
    }
    if (outcome === 'retired') return fail(StatusCode.Fail, ADMIN_MESSAGES.retired);
    if (outcome === 'bad-parent') return fail(StatusCode.Fail, ADMIN_MESSAGES.badParent);
    if (outcome === 'serial') return fail(StatusCode.Fail, ADMIN_MESSAGES.serialTaken);
    // A new serial is found by the ingest anyway (misses always ask); a new
    // circuit under a cached meter changes nothing cached either, but be plain.
    invalidateIngestNodes(app.db, factoryId);
    return { ...ok, node: outcome, job: null };
  });

  await adminNodeChangeRoutes(app);
}
