import type { FastifyInstance } from 'fastify';
import {
  ADMIN_MESSAGES,
  adminBillingPointList,
  adminBillingPointRemove,
  adminBillingPointSave,
  NO_OTHER_CONTRACTS as NO_OTHER,
  StatusCode,
  type AdminBillingPointsResponse,
} from '@wattboard/contract';
import type { Queryable } from '../../platform/db/db.ts';
import { registerAdminCall } from '../auth/index.ts';
import { recordAudit } from '../audit/index.ts';
import { activeTreeNodes, factoryRoot, findNode } from '../factory/index.ts';
import { ZoneClock } from '@wattboard/zone-time';
import { nestsWithPoint, uncoveredTopLevel } from './calc/coverage.ts';
import { otherContractsProblem } from './calc/other-contracts.ts';
import { contractTariffTerms } from './repo/tariff-terms.ts';
import { billingPeriodOf } from './calc/billing-period.ts';
import { changeDayProblem } from './calc/contract-versions.ts';
import {
  contractVersions,
  deleteContractVersions,
  recordContractChange,
  versionKey,
} from './repo/contract-versions.ts';
import {
  billingPoints,
  lockFactory,
  removePoint,
  saveMainTerms,
  savePoint,
} from './repo/billing-points.ts';

type PointList = Pick<AdminBillingPointsResponse, 'billingPoints' | 'uncovered'>;

/** The billing points with their names, and the top-level points on no bill. */
async function pointList(db: Queryable, factoryId: number): Promise<PointList> {
  const nodes = await activeTreeNodes(db, factoryId);
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const [points, versions] = await Promise.all([
    billingPoints(db, factoryId, nodes),
    contractVersions(db, factoryId),
  ]);
  const names = (id: number) => ({
    nodeId: id,
    chName: byId.get(id)!.chName,
    name: byId.get(id)!.name,
  });
  return {
    billingPoints: points.map((point) => ({
      ...point,
      ...names(point.nodeId),
      contractHistory: versions.get(versionKey(point)) ?? [],
    })),
    uncovered: uncoveredTopLevel(
      nodes,
      points.map((point) => point.nodeId),
    ).map((node) => names(node.id)),
  };
}

export interface AdminBillingPointRoutesOptions {
  /** The current instant (it decides today's billing period); tests pass a fixed clock. */
  now?: () => Date;
}

/** Admin › Billing points (issue #24): each Taipower account with its contract terms. */
export async function adminBillingPointRoutes(
  app: FastifyInstance,
  options: AdminBillingPointRoutesOptions = {},
) {
  const now = options.now ?? (() => new Date());
  registerAdminCall(app, adminBillingPointList, async ({ factoryId, ok }) => ({
    ...ok,
    ...(await pointList(app.db, factoryId)),
  }));

  registerAdminCall(
    app,
    adminBillingPointSave,
    async ({ body, auth, factoryId, actor, ok, fail }) => {
      const outcome = await app.db.transaction(async (tx) => {
        await lockFactory(tx, factoryId);
        const node = await findNode(tx, factoryId, body.nodeId);
        if (!node) return 'not-found' as const;
        if (node.retiredAt !== null) return 'retired' as const;
        const nodes = await activeTreeNodes(tx, factoryId);
        const points = await billingPoints(tx, factoryId, nodes);
        const terms = {
          contractCapacityKw: body.contractCapacityKw,
          otherContractsKw: body.otherContractsKw,
          meterReadingDay: body.meterReadingDay,
          accountNumber: body.accountNumber,
        };
        const today = new ZoneClock(auth.factory.timeZone).localParts(now().getTime()).date;
        const main = factoryRoot(nodes)?.id === body.nodeId;
        const problem = otherContractsProblem(
          terms.contractCapacityKw,
          terms.otherContractsKw,
          await contractTariffTerms(tx, factoryId, today, main ? null : body.nodeId),
        );
        if (problem) return problem;
        // Decision 0081: the capacities hold from a meter-reading day; earlier bills keep theirs.
        const from = body.appliesFrom ?? billingPeriodOf(today, terms.meterReadingDay).from;
        const dayProblem = changeDayProblem(from, terms.meterReadingDay, today);
        if (dayProblem) return dayProblem;
        const before = points.find((point) => point.nodeId === body.nodeId);
        const previous = before ?? { contractCapacityKw: null, otherContractsKw: NO_OTHER };
        await recordContractChange(tx, factoryId, main ? 0 : body.nodeId, previous, terms, from);
        if (main) {
          await saveMainTerms(tx, factoryId, terms);
        } else {
          const ids = points.map((point) => point.nodeId);
          if (nestsWithPoint(nodes, ids, body.nodeId)) return 'nested' as const;
          await savePoint(tx, factoryId, body.nodeId, terms);
        }
        await recordAudit(tx, {
          factoryId,
          actor,
          action: 'billing-point.save',
          target: { type: 'node', id: body.nodeId },
          detail: {
            main,
            before: before ?? null,
            after: terms,
            appliesFrom: from,
          },
        });
        return 'saved' as const;
      });
      if (outcome === 'not-found') {
        return fail(StatusCode.IoTDeviceNotFound, ADMIN_MESSAGES.nodeNotFound);
      }
      if (outcome === 'retired') return fail(StatusCode.Fail, ADMIN_MESSAGES.retired);
      if (outcome === 'nested') return fail(StatusCode.Fail, ADMIN_MESSAGES.billingPointNested);
      if (outcome === 'needsRegular') {
        return fail(StatusCode.Fail, ADMIN_MESSAGES.otherContractsNeedRegular);
      }
      if (outcome === 'future') return fail(StatusCode.Fail, ADMIN_MESSAGES.contractChangeFuture);
      if (outcome === 'notReadingDay') {
        return fail(StatusCode.Fail, ADMIN_MESSAGES.contractChangeNotReadingDay);
      }
      if (outcome === 'notInTariff') {
        return fail(StatusCode.Fail, ADMIN_MESSAGES.otherContractsNotInTariff);
      }
      return { ...ok, ...(await pointList(app.db, factoryId)) };
    },
  );

  registerAdminCall(app, adminBillingPointRemove, async ({ body, factoryId, actor, ok, fail }) => {
    const outcome = await app.db.transaction(async (tx) => {
      await lockFactory(tx, factoryId);
      const node = await findNode(tx, factoryId, body.nodeId);
      if (!node) return 'not-found' as const;
      if (factoryRoot(await activeTreeNodes(tx, factoryId))?.id === body.nodeId) {
        return 'main' as const;
      }
      const removed = await removePoint(tx, factoryId, body.nodeId);
      if (removed) {
        await deleteContractVersions(tx, factoryId, body.nodeId);
        await recordAudit(tx, {
          factoryId,
          actor,
          action: 'billing-point.remove',
          target: { type: 'node', id: body.nodeId },
          // Its own tariff goes with it (decision 0065): the node's energy is the main bill's again.
          detail: { tariffVersionsRemoved: removed.tariffVersions },
        });
      }
      return 'removed' as const;
    });
    if (outcome === 'not-found') {
      return fail(StatusCode.IoTDeviceNotFound, ADMIN_MESSAGES.nodeNotFound);
    }
    if (outcome === 'main') return fail(StatusCode.Fail, ADMIN_MESSAGES.billingPointMain);
    return { ...ok, ...(await pointList(app.db, factoryId)) };
  });
}
