import type { FastifyInstance } from 'fastify';
import {
  ADMIN_MESSAGES,
  adminBillImport,
  adminBillList,
  adminBillRemove,
  adminBillSave,
  BILL_LINES,
  NO_OTHER_CONTRACTS,
  StatusCode,
  type BillFigures,
  type ReconciledBill,
} from '@wattboard/contract';
import { datesBetween, ZoneClock } from '@wattboard/zone-time';
import type { Queryable } from '../../platform/db/db.ts';
import { recordAudit, type AuditActor } from '../audit/index.ts';
import { registerAdminCall } from '../auth/index.ts';
import { billingPoints, contractVersions, termsOn, versionKey } from '../billing/index.ts';
import { activeTreeNodes, treeNodesWithRetired } from '../factory/index.ts';
import { accountDigits, parseBillCsv } from './calc/bill-csv.ts';
import { isAllDayPeriod } from './calc/bill-lines.ts';
import {
  billRecords,
  removeBillRecord,
  saveBillRecord,
  type EnteredBill,
} from './repo/bill-records.ts';
import { periodBills } from './repo/period-bill.ts';
import { tariffBook } from './repo/tariff-store.ts';

export interface AdminBillRoutesOptions {
  /** The current instant (only what has happened counts); tests pass a fixed clock. */
  now?: () => Date;
}

const round = (value: number | null, digits: number) =>
  value === null ? null : Math.round(value * 10 ** digits) / 10 ** digits;
const MONEY: readonly string[] = [
  'basicCharge',
  'energyCharge',
  'penalty',
  'powerFactorAdjustment',
  'total',
];
const rounded = (figures: BillFigures) =>
  Object.fromEntries(
    BILL_LINES.map((line) => [line, round(figures[line], MONEY.includes(line) ? 2 : 3)]),
  ) as BillFigures;

/** Every bill of the factory with ours beside it, newest first. */
async function reconciled(
  db: Queryable,
  factoryId: number,
  clock: ZoneClock,
  now: number,
): Promise<ReconciledBill[]> {
  const [records, nodes, book] = await Promise.all([
    billRecords(db, factoryId),
    treeNodesWithRetired(db, factoryId),
    tariffBook(db, factoryId),
  ]);
  const [points, versions] = await Promise.all([
    billingPoints(db, factoryId, await activeTreeNodes(db, factoryId)),
    contractVersions(db, factoryId),
  ]);
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const pointOf = (nodeId: number) => points.find((p) => p.nodeId === nodeId);
  // A further point's own tariff, or the factory's (decision 0065).
  const scheduleOf = (nodeId: number) =>
    book.forPoint(pointOf(nodeId)?.main === false ? nodeId : null);
  const ours = await periodBills(
    db,
    { factoryId, clock, schedule: book.factory, now },
    records.map((record) => {
      const point = pointOf(record.nodeId);
      // Decision 0081: the terms in force on the period's first day, not today's.
      const terms = point
        ? termsOn(versions.get(versionKey(point)) ?? [], point, record.periodFrom)
        : { contractCapacityKw: null, otherContractsKw: NO_OTHER_CONTRACTS };
      return {
        schedule: scheduleOf(record.nodeId),
        nodeId: record.nodeId,
        periodFrom: record.periodFrom,
        periodTo: record.periodTo,
        contractCapacityKw: terms.contractCapacityKw,
        otherContractsKw: terms.otherContractsKw,
      };
    }),
  );
  return records.map((record, i) => {
    const mine = rounded(ours[i]!);
    const entered = record.figures.total;
    const difference = mine.total === null || entered === null ? null : mine.total - entered;
    return {
      id: record.id,
      nodeId: record.nodeId,
      chName: byId.get(record.nodeId)?.chName ?? '',
      name: byId.get(record.nodeId)?.name ?? '',
      accountNumber: pointOf(record.nodeId)?.accountNumber ?? '',
      periodFrom: record.periodFrom,
      periodTo: record.periodTo,
      entered: record.figures,
      ours: mine,
      difference: round(difference, 2),
      differencePercent:
        difference === null || !entered ? null : round((difference / entered) * 100, 3),
      allDay: isAllDayPeriod(
        scheduleOf(record.nodeId),
        datesBetween(record.periodFrom, record.periodTo),
      ),
    };
  });
}

async function saveAll(db: Queryable, factoryId: number, actor: AuditActor, bills: EnteredBill[]) {
  for (const bill of bills) {
    const { id, replaced } = await saveBillRecord(db, factoryId, bill, actor.name);
    await recordAudit(db, {
      factoryId,
      actor,
      action: replaced ? 'bill.replace' : 'bill.add',
      target: { type: 'bill', id },
      detail: {
        nodeId: bill.nodeId,
        periodFrom: bill.periodFrom,
        periodTo: bill.periodTo,
        total: bill.figures.total,
      },
    });
  }
}

/** Admin › Bills (issue #24): Taipower's bills beside ours, line by line. */
export async function adminBillRoutes(app: FastifyInstance, options: AdminBillRoutesOptions = {}) {
  const now = () => (options.now ? options.now() : new Date()).getTime();
  const answer = async (factoryId: number, timeZone: string) => ({
    bills: await reconciled(app.db, factoryId, new ZoneClock(timeZone), now()),
  });
  const pointIds = async (factoryId: number) =>
    billingPoints(app.db, factoryId, await activeTreeNodes(app.db, factoryId));

  registerAdminCall(app, adminBillList, async ({ auth, factoryId, ok }) => ({
    ...ok,
    ...(await answer(factoryId, auth.factory.timeZone)),
  }));

  registerAdminCall(app, adminBillSave, async ({ body, auth, factoryId, actor, ok, fail }) => {
    if (!(await pointIds(factoryId)).some((p) => p.nodeId === body.nodeId)) {
      return fail(StatusCode.Fail, ADMIN_MESSAGES.notBillingPoint);
    }
    const figures = Object.fromEntries(BILL_LINES.map((line) => [line, body[line]])) as BillFigures;
    const bill = {
      nodeId: body.nodeId,
      periodFrom: body.periodFrom,
      periodTo: body.periodTo,
      figures,
    };
    await app.db.transaction((tx) => saveAll(tx, factoryId, actor, [bill]));
    return { ...ok, ...(await answer(factoryId, auth.factory.timeZone)) };
  });

  registerAdminCall(app, adminBillRemove, async ({ body, auth, factoryId, actor, ok, fail }) => {
    const removed = await app.db.transaction(async (tx) => {
      if (!(await removeBillRecord(tx, factoryId, body.billId))) return false;
      await recordAudit(tx, {
        factoryId,
        actor,
        action: 'bill.remove',
        target: { type: 'bill', id: body.billId },
      });
      return true;
    });
    if (!removed) return fail(StatusCode.DataNotFound, ADMIN_MESSAGES.notFound);
    return { ...ok, ...(await answer(factoryId, auth.factory.timeZone)) };
  });

  registerAdminCall(app, adminBillImport, async ({ body, auth, factoryId, actor, ok, fail }) => {
    const accounts = new Map(
      (await pointIds(factoryId))
        .filter((p) => accountDigits(p.accountNumber) !== '')
        .map((p) => [accountDigits(p.accountNumber), p.nodeId]),
    );
    const result = parseBillCsv(body.csv, accounts);
    if ('problem' in result) return fail(StatusCode.Fail, result.problem);
    await app.db.transaction((tx) => saveAll(tx, factoryId, actor, result.bills));
    return {
      ...ok,
      ...(await answer(factoryId, auth.factory.timeZone)),
      imported: result.bills.length,
    };
  });
}
