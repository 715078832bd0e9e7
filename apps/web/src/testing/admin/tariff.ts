import { adminTariffResponse, DEFAULT_TARIFF } from '@wattboard/contract';
import type { TariffDefinition, TariffVersion } from '@wattboard/contract';
import { ok } from './admin-harness';
import type { Answers } from './admin-harness';

/**
 * Test-only: the factory's tariff store as the server keeps it — versions by
 * validFrom, the one in force on TODAY, the same validFrom replaced — behind
 * /v1/Admin/Tariff/Get and Update. `refuse` answers the next Update as the
 * server refuses bad input (HTTP 400, statusCode 201, a message naming fields).
 */
export const TARIFF_TODAY = '2026-11-21';

export function tariffServer({ empty = false }: { empty?: boolean } = {}) {
  let nextId = 2;
  let versions: TariffVersion[] = empty
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
  const state = { refuse: null as string | null };
  const answer = (path: string) => {
    const sorted = [...versions].sort((a, b) => b.validFrom.localeCompare(a.validFrom));
    const body = ok(path, {
      current: sorted.find((v) => v.validFrom <= TARIFF_TODAY) ?? null,
      versions: sorted,
      defaultTariff: DEFAULT_TARIFF,
    });
    adminTariffResponse.parse(body);
    return body;
  };
  const answers: Answers = {
    '/v1/Admin/Tariff/Get': () => answer('/v1/Admin/Tariff/Get'),
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
      versions = versions.filter((v) => v.validFrom !== validFrom);
      versions.push({
        id: nextId++,
        validFrom,
        createdAt: '2026-11-21T06:00:00.000Z',
        createdBy: 'Admin',
        tariff: body.tariff as TariffDefinition,
      });
      return answer('/v1/Admin/Tariff/Update');
    },
  };
  return { answers, state };
}
