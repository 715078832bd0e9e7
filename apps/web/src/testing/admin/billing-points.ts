import { ADMIN_MESSAGES, NO_OTHER_CONTRACTS } from '@wattboard/contract';
import type { AdminBillingPoint, AdminNode, OtherContracts } from '@wattboard/contract';
import { ok, refusal } from './admin-harness';
import type { Answers } from './admin-harness';
import { adminNode, nodesServer } from './nodes';

/**
 * Test-only: a factory with two supplies billed (the main one, a second
 * supply on day 5), a dormitory meter on no bill and a retired line; the
 * billing-point calls change it as the server does (nesting is not checked:
 * a test that wants the refusal answers Save itself).
 */
export const BILLING_NODES: AdminNode[] = [
  adminNode({ id: 1, type: 'virtual', name: 'Incoming supply', chName: '總進線' }),
  adminNode({ id: 2, type: 'smartMeter', parentId: 1, name: 'Meter A', chName: 'A 電表' }),
  adminNode({ id: 3, type: 'smartMeter', name: 'Second supply', chName: '第二進線', sortOrder: 1 }),
  adminNode({ id: 4, type: 'smartMeter', name: 'Dormitory', chName: '宿舍', sortOrder: 2 }),
  adminNode({
    id: 5,
    type: 'smartMeter',
    name: 'Old line',
    chName: '舊線路',
    sortOrder: 3,
    retiredAt: '2026-06-01T00:00:00Z',
  }),
];

type Terms = Omit<AdminBillingPoint, 'nodeId' | 'chName' | 'name' | 'contractHistory'> &
  Partial<Pick<AdminBillingPoint, 'contractHistory'>>;
const point = (node: AdminNode, terms: Terms): AdminBillingPoint => ({
  nodeId: node.id,
  chName: node.chName,
  name: node.name,
  contractHistory: [],
  ...terms,
});

/**
 * The history after a save, simplified from the server's (decision 0081): a
 * dated change of the regular capacity keeps the old one before it.
 */
function historyAfter(old: AdminBillingPoint | undefined, saved: AdminBillingPoint, from: unknown) {
  if (!old || typeof from !== 'string' || old.contractCapacityKw === saved.contractCapacityKw) {
    return old?.contractHistory ?? [];
  }
  const version = (p: AdminBillingPoint, validFrom: string) => ({
    validFrom,
    contractCapacityKw: p.contractCapacityKw,
    otherContractsKw: p.otherContractsKw,
  });
  const before =
    old.contractHistory.length > 0 ? old.contractHistory : [version(old, '2000-01-01')];
  return [...before.filter((v) => v.validFrom < from), version(saved, from)];
}

export function billingServer() {
  const tree = nodesServer(BILLING_NODES);
  const nodes = tree.current();
  const byId = (id: unknown) => nodes.find((n) => n.id === id);
  let points: AdminBillingPoint[] = [
    point(nodes[0]!, {
      main: true,
      contractCapacityKw: 800,
      otherContractsKw: NO_OTHER_CONTRACTS,
      meterReadingDay: 1,
      accountNumber: '',
    }),
    point(nodes[2]!, {
      main: false,
      contractCapacityKw: null,
      otherContractsKw: NO_OTHER_CONTRACTS,
      meterReadingDay: 5,
      accountNumber: '12-34-5678-90-1',
    }),
  ];
  const answer = (path: string) => {
    const billed = new Set(points.map((p) => p.nodeId));
    const uncovered = nodes
      .filter((n) => n.parentId === null && n.retiredAt === null && !billed.has(n.id))
      .map(({ id, chName, name }) => ({ nodeId: id, chName, name }));
    return ok(path, { billingPoints: points, uncovered });
  };
  const answers: Answers = {
    ...tree.answers,
    '/v1/Admin/BillingPoint/List': () => answer('/v1/Admin/BillingPoint/List'),
    '/v1/Admin/BillingPoint/Save': (body) => {
      const node = byId(body.nodeId);
      if (!node) return refusal(ADMIN_MESSAGES.nodeNotFound, 1009);
      const old = points.find((p) => p.nodeId === node.id);
      const saved = point(node, {
        main: old?.main ?? false,
        contractCapacityKw: body.contractCapacityKw as number | null,
        otherContractsKw: {
          ...NO_OTHER_CONTRACTS,
          ...(body.otherContractsKw as Partial<OtherContracts> | undefined),
        },
        meterReadingDay: body.meterReadingDay as number,
        accountNumber: (body.accountNumber as string | undefined) ?? '',
      });
      saved.contractHistory = historyAfter(old, saved, body.appliesFrom);
      points = old ? points.map((p) => (p === old ? saved : p)) : [...points, saved];
      return answer('/v1/Admin/BillingPoint/Save');
    },
    '/v1/Admin/BillingPoint/Remove': (body) => {
      const old = points.find((p) => p.nodeId === body.nodeId);
      if (!old) return refusal(ADMIN_MESSAGES.notBillingPoint);
      if (old.main) return refusal(ADMIN_MESSAGES.billingPointMain);
      points = points.filter((p) => p !== old);
      return answer('/v1/Admin/BillingPoint/Remove');
    },
  };
  return { answers, current: () => points };
}
