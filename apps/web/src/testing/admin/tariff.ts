import { adminTariffResponse, DEFAULT_TARIFF } from '@wattboard/contract';
import type { TariffDefinition, TariffPoint, TariffVersion } from '@wattboard/contract';
import { ok } from './admin-harness';
import type { Answers } from './admin-harness';

/**
 * Test-only: the factory's tariff store as the server keeps it — versions by
 * validFrom, the one in force on TODAY, the same validFrom replaced — behind
 * /v1/Admin/Tariff/Get, Update and FollowFactory, for the factory's tariff and
 * each further billing point's own (a point without versions shows the
 * factory's). `refuse` answers the next Update as the server refuses bad input
 * (HTTP 400, statusCode 201, a message naming fields).
 */
export const TARIFF_TODAY = '2026-11-21';

export const MAIN_POINT: TariffPoint = {
  nodeId: 1,
  chName: '主變電站',
  name: 'Main substation',
  main: true,
  ownTariff: false,
};
export const OFFICE_POINT: TariffPoint = {
  nodeId: 40,
  chName: '辦公大樓',
  name: 'Office building',
  main: false,
  ownTariff: false,
};

export function tariffServer({
  empty = false,
  points = [MAIN_POINT],
}: { empty?: boolean; points?: TariffPoint[] } = {}) {
  let nextId = 2;
  const factory: TariffVersion[] = empty
    ? []
    : [
        {
          id: 1,
          validFrom: '2000-01-01',
          createdAt: '2026-11-01T00:00:00.000Z',
          createdBy: null,
          tariff: structuredClone(DEFAULT_TARIFF),
        },
      ];
  // Scope: null = the factory's tariff; a node id = that point's own.
  const stores = new Map<number | null, TariffVersion[]>([[null, factory]]);
  const state = { refuse: null as string | null };
  const scopeOf = (body: Record<string, unknown>) => {
    const asked = typeof body.nodeId === 'number' ? body.nodeId : null;
    return points.find((p) => p.nodeId === asked)?.main ? null : asked;
  };
  const answer = (path: string, body: Record<string, unknown>) => {
    const scope = scopeOf(body);
    const own = scope === null ? [] : (stores.get(scope) ?? []);
    const versions = [...(own.length > 0 ? own : stores.get(null)!)].sort((a, b) =>
      b.validFrom.localeCompare(a.validFrom),
    );
    const answered = ok(path, {
      nodeId: typeof body.nodeId === 'number' ? body.nodeId : null,
      ownTariff: own.length > 0,
      current: versions.find((v) => v.validFrom <= TARIFF_TODAY) ?? null,
      versions,
      defaultTariff: DEFAULT_TARIFF,
      points: points.map((p) => ({
        ...p,
        ownTariff: !p.main && (stores.get(p.nodeId) ?? []).length > 0,
      })),
    });
    adminTariffResponse.parse(answered);
    return answered;
  };
  const answers: Answers = {
    '/v1/Admin/Tariff/Get': (body) => answer('/v1/Admin/Tariff/Get', body),
    '/v1/Admin/Tariff/Update': (body) => {
      if (state.refuse) {
        const message = state.refuse;
        state.refuse = null;
        return new Response(JSON.stringify({ statusCode: 201, message }), {
          status: 400,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      const validFrom = String(body.validFrom);
      const scope = scopeOf(body);
      const versions = (stores.get(scope) ?? []).filter((v) => v.validFrom !== validFrom);
      versions.push({
        id: nextId++,
        validFrom,
        createdAt: '2026-11-21T06:00:00.000Z',
        createdBy: 'Admin',
        tariff: body.tariff as TariffDefinition,
      });
      stores.set(scope, versions);
      return answer('/v1/Admin/Tariff/Update', body);
    },
    '/v1/Admin/Tariff/FollowFactory': (body) => {
      const scope = scopeOf(body);
      if (scope !== null) stores.delete(scope);
      return answer('/v1/Admin/Tariff/FollowFactory', body);
    },
  };
  return { answers, state, stores };
}
