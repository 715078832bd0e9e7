import type { FastifyInstance } from 'fastify';
import type { AdminJob } from '@wattboard/contract';
import type { Queryable } from '../../../platform/db/db.ts';
import {
  bucketsOverlapping,
  localDays,
  startOfLocalDate,
  virtualMembers,
  type NodeLink,
} from '../energy/index.ts';
import { recomputeRollups } from '../recompute.ts';
import { createJob } from '../repo/jobs.ts';
import { runJob, type JobWork } from './job-runner.ts';
import { dayChunks, rebucketWork, virtualMembersWork } from './rollup-jobs.ts';
import { oldestBucket } from '../repo/rollup-rows.ts';
import { factoryNodeTypes, factoryTimeZone } from '../repo/factory-locks.ts';

/** A job created in the caller's transaction; `start()` runs it once that has committed. */
export interface PlannedJob {
  job: AdminJob;
  start(): void;
}

/**
 * Plans the recomputation of virtual nodes whose members changed (in the
 * change's transaction). Null when there is nothing to do; 'busy' when another
 * job of the factory is running (the change then goes ahead and the Admin can
 * save again later: the ingest keeps the virtual sums current from now on).
 */
export async function planVirtualRecompute(
  app: FastifyInstance,
  tx: Queryable,
  input: { factoryId: number; userId: number; virtualIds: number[]; nodesAfter: NodeLink[] },
): Promise<PlannedJob | 'busy' | null> {
  if (input.virtualIds.length === 0) return null;
  const members = virtualMembers(input.nodesAfter);
  const measured = new Set(input.virtualIds.flatMap((id) => members.get(id) ?? []));
  const oldest = await oldestBucket(tx, [...measured, ...input.virtualIds]);
  const days = dayChunks(oldest, Date.now(), await factoryTimeZone(tx, input.factoryId));
  if (days.length === 0) return null;
  const job = await createJob(tx, {
    factoryId: input.factoryId,
    kind: 'virtual-members',
    total: days.length,
    detail: { nodeIds: input.virtualIds },
    createdBy: input.userId,
  });
  if (!job) return 'busy';
  const work = virtualMembersWork(app.db, input.factoryId, input.virtualIds, days);
  return { job, start: () => runJob(app.db, app.log, job.id, work) };
}

/** Plans re-aligning the factory's hourly and daily rollups to `timeZone` (in the change's transaction). */
export async function planRebucket(
  app: FastifyInstance,
  tx: Queryable,
  input: { factoryId: number; userId: number; fromZone: string; toZone: string },
): Promise<PlannedJob | 'busy' | null> {
  const nodeIds = (await factoryNodeTypes(tx, input.factoryId)).map((node) => node.id);
  const days = dayChunks(await oldestBucket(tx, nodeIds), Date.now(), input.toZone);
  const job = await createJob(tx, {
    factoryId: input.factoryId,
    kind: 'time-zone',
    total: days.length,
    detail: { fromZone: input.fromZone, toZone: input.toZone },
    createdBy: input.userId,
  });
  if (!job) return 'busy';
  const work = rebucketWork(app.db, input.factoryId, nodeIds, days);
  return { job, start: () => runJob(app.db, app.log, job.id, work) };
}

/** Start of a factory-local day given as yyyy-MM-dd (validated by the contract), `plus` days on. */
function dayStart(day: string, timeZone: string, plus = 0): number {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return startOfLocalDate(year, month, date + plus, timeZone);
}

/**
 * Plans rebuilding a node's rollups from its raw readings over the factory-local
 * days `from`..`to` (both included), a day per step (in the request's
 * transaction). 'busy' when another job of the factory is running.
 */
export async function planNodeRecompute(
  app: FastifyInstance,
  tx: Queryable,
  input: { factoryId: number; userId: number; nodeId: number; from: string; to: string },
): Promise<PlannedJob | 'busy'> {
  const timeZone = await factoryTimeZone(tx, input.factoryId);
  const days = bucketsOverlapping(
    dayStart(input.from, timeZone),
    dayStart(input.to, timeZone, 1),
    localDays(timeZone),
  );
  const job = await createJob(tx, {
    factoryId: input.factoryId,
    kind: 'recompute',
    total: days.length,
    detail: { nodeIds: [input.nodeId], from: input.from, to: input.to },
    createdBy: input.userId,
  });
  if (!job) return 'busy';
  const work: JobWork = async (progress) => {
    for (const [index, day] of days.entries()) {
      const [from, to] = [new Date(day.start), new Date(day.end)];
      await recomputeRollups(app.db, input.factoryId, [input.nodeId], from, to);
      await progress(index + 1);
    }
  };
  return { job, start: () => runJob(app.db, app.log, job.id, work) };
}
