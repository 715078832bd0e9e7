import type { AdminFactory } from '@wattboard/contract';
import { ok, type Answers } from './admin-harness';

const UPDATE = '/v1/Admin/Factory/Update';

/**
 * A server holding one factory for Admin › Factory's tests: Get answers it,
 * Update merges the body into it; `extra` adds the optional settings a test is
 * about (the anomaly rule, the working hours).
 */
export function factoryServer(extra: Partial<AdminFactory> = {}): Answers {
  let factory: AdminFactory = {
    id: 1,
    slug: 'demo',
    name: 'Demo plant',
    nameZh: '示範工廠',
    timeZone: 'Asia/Taipei',
    co2Factor: 0.474,
    contractCapacityKw: 500,
    ...extra,
  };
  return {
    '/v1/Admin/Factory/Get': () => ok('/v1/Admin/Factory/Get', { factory, job: null }),
    '/v1/Admin/Job/List': () => ok('/v1/Admin/Job/List', { jobs: [] }),
    '/v1/Admin/EmissionFactor/List': () =>
      ok('/v1/Admin/EmissionFactor/List', {
        factors: [{ year: 2026, kgPerKwh: 0.474, source: '', sourceZh: '' }],
        currentYear: 2026,
        current: { kgPerKwh: 0.474, fromYear: 2026 },
      }),
    [UPDATE]: (body) => {
      factory = { ...factory, ...(body as Partial<AdminFactory>) };
      return ok(UPDATE, { factory, job: null });
    },
  };
}
