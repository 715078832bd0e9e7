import type { AdminNode } from '@wattboard/contract';
import { ok } from './admin-harness';
import type { Answers } from './admin-harness';

/** Test-only: a monitoring-point tree that add / update / move / retire change as the server does. */
export function adminNode(
  overrides: Partial<AdminNode> & Pick<AdminNode, 'id' | 'type'>,
): AdminNode {
  const measured = overrides.type !== 'virtual';
  return {
    parentId: null,
    name: `Node ${overrides.id}`,
    chName: `節點 ${overrides.id}`,
    serial: measured ? `S-${overrides.id}` : null,
    wiring: measured ? 'a,b,c' : null,
    breakerType: null,
    frequencyHz: null,
    hasReverseKwh: false,
    sortOrder: 0,
    retiredAt: null,
    createdAt: '2026-01-01T00:00:00Z',
    lastReadingAt: measured ? '2026-11-21T05:59:00Z' : null,
    ...overrides,
  };
}

export function nodesServer(initial: AdminNode[]) {
  let nodes = [...initial];
  const answer = (path: string, node: AdminNode | undefined, job: unknown = null) =>
    ok(path, { node, job });
  const change = (id: unknown, patch: Partial<AdminNode>) => {
    nodes = nodes.map((n) => (n.id === id ? { ...n, ...patch } : n));
    return nodes.find((n) => n.id === id);
  };
  const answers: Answers = {
    '/v1/Admin/Node/List': () => ok('/v1/Admin/Node/List', { nodes }),
    '/v1/Admin/Job/List': () => ok('/v1/Admin/Job/List', { jobs: [] }),
    '/v1/Admin/Node/Add': (body) => {
      const node = adminNode({
        id: 100 + nodes.length,
        type: body.type as AdminNode['type'],
        parentId: (body.parentId as number | null) ?? null,
        name: String(body.name),
        chName: String(body.chName),
        serial: (body.serial as string | undefined) ?? null,
        wiring: (body.wiring as AdminNode['wiring'] | undefined) ?? null,
        lastReadingAt: null,
      });
      nodes = [...nodes, node];
      return answer('/v1/Admin/Node/Add', node);
    },
    '/v1/Admin/Node/Update': (body) =>
      answer(
        '/v1/Admin/Node/Update',
        change(body.nodeId, { name: String(body.name), chName: String(body.chName) }),
      ),
    '/v1/Admin/Node/Move': (body) =>
      answer(
        '/v1/Admin/Node/Move',
        change(body.nodeId, { parentId: body.parentId as number | null }),
      ),
    '/v1/Admin/Node/Retire': (body) =>
      answer(
        '/v1/Admin/Node/Retire',
        change(body.nodeId, { retiredAt: body.retired ? '2026-11-21T06:00:00Z' : null }),
      ),
  };
  return { answers, current: () => nodes };
}
