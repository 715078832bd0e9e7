import { DEFAULT_TARIFF, StatusCode } from '@wattboard/contract';
import { FACTORY, NODE, type CrossTenantRequest } from './case-kit.ts';
import type { Tenants } from './tenants.ts';

const SUMMARY = '/v1/Web/Cost/Summary';
const NODE_COST = '/v1/Web/Cost/Node';
const GET = '/v1/Admin/Tariff/Get';
const UPDATE = '/v1/Admin/Tariff/Update';
const POINTS = '/v1/Admin/BillingPoint/List';
const SAVE_POINT = '/v1/Admin/BillingPoint/Save';
const REMOVE_POINT = '/v1/Admin/BillingPoint/Remove';
const ADVICE = '/v1/Admin/BillingPoint/Advice';

const post = (url: string, body: Record<string, unknown>, expect: CrossTenantRequest['expect']) =>
  ({ method: 'POST', url, body, expect }) as const;
const admin = (url: string, body: Record<string, unknown>, expect: CrossTenantRequest['expect']) =>
  ({ method: 'POST', url, body, as: 'admin', expect }) as const;
const notAdmin = (url: string, body: Record<string, unknown>): CrossTenantRequest => ({
  method: 'POST',
  url,
  body,
  http: 403,
  expect: [StatusCode.Fail],
});

/**
 * Cost, tariffs and billing points (issues #15, #24): B's factory and B's node
 * are refused; A's own answers must not carry B's tariff (named "Zeta tariff"
 * in tenant-extras) or B's nodes.
 */
export function costCases(t: Tenants): Record<string, CrossTenantRequest[]> {
  const { b } = t;
  const today = new Date().toISOString().slice(0, 10);
  const range = { startDate: today, endDate: today, interval: 'hour' };
  const edit = { validFrom: today, tariff: DEFAULT_TARIFF };
  const terms = { contractCapacityKw: 100, meterReadingDay: 15, accountNumber: '' };
  return {
    [`POST ${SUMMARY}`]: [
      post(SUMMARY, { factoryId: b.factoryId }, FACTORY),
      post(SUMMARY, {}, 'own'),
    ],
    [`POST ${NODE_COST}`]: [
      post(NODE_COST, { ...range, deviceId: b.meterId }, NODE),
      post(NODE_COST, { ...range, deviceId: b.meterId, factoryId: b.factoryId }, FACTORY),
    ],
    [`POST ${GET}`]: [
      admin(GET, { factoryId: b.factoryId }, FACTORY),
      admin(GET, {}, 'own'),
      notAdmin(GET, {}),
    ],
    [`POST ${UPDATE}`]: [
      admin(UPDATE, { ...edit, factoryId: b.factoryId }, FACTORY),
      admin(UPDATE, edit, 'own'),
      notAdmin(UPDATE, edit),
    ],
    [`POST ${POINTS}`]: [
      admin(POINTS, { factoryId: b.factoryId }, FACTORY),
      admin(POINTS, {}, 'own'),
      notAdmin(POINTS, {}),
    ],
    [`POST ${SAVE_POINT}`]: [
      admin(SAVE_POINT, { ...terms, nodeId: b.meterId }, NODE),
      admin(SAVE_POINT, { ...terms, nodeId: b.meterId, factoryId: b.factoryId }, FACTORY),
      notAdmin(SAVE_POINT, { ...terms, nodeId: b.meterId }),
    ],
    [`POST ${REMOVE_POINT}`]: [
      admin(REMOVE_POINT, { nodeId: b.meterId }, NODE),
      admin(REMOVE_POINT, { nodeId: b.meterId, factoryId: b.factoryId }, FACTORY),
      notAdmin(REMOVE_POINT, { nodeId: b.meterId }),
    ],
    [`POST ${ADVICE}`]: [
      admin(ADVICE, { nodeId: b.meterId }, NODE),
      admin(ADVICE, { nodeId: b.meterId, factoryId: b.factoryId }, FACTORY),
      notAdmin(ADVICE, { nodeId: b.meterId }),
    ],
  };
}
