import type { FastifyInstance } from 'fastify';
import {
  ADMIN_MESSAGES,
  adminNodeMove,
  adminNodeRetire,
  adminNodeUpdate,
  StatusCode,
  type AdminJob,
  type AdminNode,
} from '@wattboard/contract';
import { registerAdminCall } from '../auth/index.ts';
import { canHold, movedTree, virtualsChangedByMove, wouldCycle } from './node-rules.ts';
import { planVirtualRecompute, type PlannedJob } from '../rollups/index.ts';
import { recordAudit } from '../audit/index.ts';
import { invalidateIngestNodes } from '../ingest/index.ts';
import {
  activeChildCount,
  findNode,
  moveNode,
  nodeLinks,
  restoreNode,
  retireNode,
  serialInUse,
  UPDATABLE,
  updateNodeFields,
} from './repo/nodes.ts';

/** Refusals that roll a change back; their message goes to the caller. */
class Refusal extends Error {
  readonly statusCode: 201 | 1009;
  constructor(statusCode: 201 | 1009, message: string) {
    super(message);
    this.statusCode = statusCode;
  }
}
const refuse = (message: string): never => {
  throw new Refusal(StatusCode.Fail, message);
};
const missing = (): never => {
  throw new Refusal(StatusCode.IoTDeviceNotFound, ADMIN_MESSAGES.nodeNotFound);
};

/** Rename and details, move (recomputing virtual sums), retire and restore. */
export async function adminNodeChangeRoutes(app: FastifyInstance) {
  /** Runs a change; refusals answer their message, anything else is a fault. */
  const change = async (
    factoryId: number,
    work: (tx: Parameters<Parameters<typeof app.db.transaction>[0]>[0]) => Promise<{
      node: AdminNode;
      planned?: PlannedJob | null;
    }>,
  ) => {
    try {
      const result = await app.db.transaction(work);
      invalidateIngestNodes(app.db, factoryId);
      result.planned?.start();
      return { node: result.node, job: (result.planned?.job ?? null) as AdminJob | null };
    } catch (err) {
      if (err instanceof Refusal) return err;
      throw err;
    }
  };

  registerAdminCall(app, adminNodeUpdate, async ({ body, factoryId, actor, ok, fail }) => {
    const result = await change(factoryId, async (tx) => {
      const before = (await findNode(tx, factoryId, body.nodeId)) ?? missing();
      const changed = UPDATABLE.filter(
        (key) => body[key] !== undefined && body[key] !== before[key],
      );
      if (changed.length === 0) return { node: before };
      await updateNodeFields(tx, factoryId, before.id, changed, body);
      await recordAudit(tx, {
        factoryId,
        actor,
        action: 'node.update',
        target: { type: 'node', id: before.id },
        detail: Object.fromEntries(
          changed.map((key) => [key, { from: before[key], to: body[key] }]),
        ),
      });
      return { node: (await findNode(tx, factoryId, before.id))! };
    });
    return result instanceof Refusal
      ? fail(result.statusCode, result.message)
      : { ...ok, ...result };
  });

  registerAdminCall(app, adminNodeMove, async ({ body, auth, factoryId, actor, ok, fail }) => {
    const result = await change(factoryId, async (tx) => {
      const node = (await findNode(tx, factoryId, body.nodeId)) ?? missing();
      if (node.parentId === body.parentId) return { node };
      const parent = body.parentId === null ? null : await findNode(tx, factoryId, body.parentId);
      if (body.parentId !== null && !parent) missing();
      if (parent?.retiredAt) refuse(ADMIN_MESSAGES.retired);
      if (!canHold(parent?.type ?? null, node.type)) refuse(ADMIN_MESSAGES.badParent);
      const links = await nodeLinks(tx, factoryId);
      if (wouldCycle(links, node.id, body.parentId)) refuse(ADMIN_MESSAGES.cycle);
      await moveNode(tx, factoryId, node.id, body.parentId);
      const virtualIds = virtualsChangedByMove(links, node.id, body.parentId);
      const planned = await planVirtualRecompute(app, tx, {
        factoryId,
        userId: auth.user.id,
        virtualIds,
        nodesAfter: movedTree(links, node.id, body.parentId),
      });
      if (planned === 'busy') refuse(ADMIN_MESSAGES.jobRunning);
      await recordAudit(tx, {
        factoryId,
        actor,
        action: 'node.move',
        target: { type: 'node', id: node.id },
        detail: { from: node.parentId, to: body.parentId, recomputed: virtualIds },
      });
      return {
        node: (await findNode(tx, factoryId, node.id))!,
        planned: planned === 'busy' ? null : planned,
      };
    });
    return result instanceof Refusal
      ? fail(result.statusCode, result.message)
      : { ...ok, ...result };
  });

  registerAdminCall(app, adminNodeRetire, async ({ body, factoryId, actor, ok, fail }) => {
    const result = await change(factoryId, async (tx) => {
      const node = (await findNode(tx, factoryId, body.nodeId)) ?? missing();
      if ((node.retiredAt !== null) === body.retired) return { node };
      if (body.retired) {
        if ((await activeChildCount(tx, factoryId, node.id)) > 0) {
          refuse(ADMIN_MESSAGES.hasActiveChildren);
        }
        await retireNode(tx, factoryId, node.id);
      } else {
        const parent = node.parentId === null ? null : await findNode(tx, factoryId, node.parentId);
        if (parent?.retiredAt) refuse(ADMIN_MESSAGES.retired);
        if (node.serial !== null && (await serialInUse(tx, factoryId, node.serial, node.id))) {
          refuse(ADMIN_MESSAGES.serialTaken);
        }
        await restoreNode(tx, factoryId, node.id);
      }
      await recordAudit(tx, {
        factoryId,
        actor,
        action: body.retired ? 'node.retire' : 'node.restore',
        target: { type: 'node', id: node.id },
        detail: { name: node.name, serial: node.serial },
      });
      return { node: (await findNode(tx, factoryId, node.id))! };
    });
    return result instanceof Refusal
      ? fail(result.statusCode, result.message)
      : { ...ok, ...result };
  });
}
