import type { FastifyInstance } from 'fastify';
import { ADMIN_MESSAGES, adminNodeRecompute, StatusCode } from '@wattboard/contract';
import { registerAdminCall } from '../auth/index.ts';
import { planNodeRecompute } from './jobs/start-jobs.ts';
import { recordAudit } from '../audit/index.ts';
import { findNode } from '../factory/index.ts';

/**
 * Admin › Monitoring points › Recompute (issue #9): a node's rollups rebuilt
 * from its raw readings over a range of days, in the background, e.g. to
 * repair what an old defect or a corrected upload left behind.
 */
export async function adminNodeRecomputeRoutes(app: FastifyInstance) {
  registerAdminCall(app, adminNodeRecompute, async ({ body, auth, factoryId, actor, ok, fail }) => {
    const result = await app.db.transaction(async (tx) => {
      const node = await findNode(tx, factoryId, body.nodeId);
      if (!node) return 'missing' as const;
      const planned = await planNodeRecompute(app, tx, {
        factoryId,
        userId: auth.user.id,
        nodeId: node.id,
        from: body.from,
        to: body.to,
      });
      if (planned === 'busy') return planned;
      await recordAudit(tx, {
        factoryId,
        actor,
        action: 'node.recompute',
        target: { type: 'node', id: node.id },
        detail: { from: body.from, to: body.to, days: planned.job.total },
      });
      return { node, planned };
    });
    if (result === 'missing')
      return fail(StatusCode.IoTDeviceNotFound, ADMIN_MESSAGES.nodeNotFound);
    if (result === 'busy') return fail(StatusCode.Fail, ADMIN_MESSAGES.jobRunning);
    result.planned.start();
    return { ...ok, node: result.node, job: result.planned.job };
  });
}
