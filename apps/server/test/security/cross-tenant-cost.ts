import { DEFAULT_TARIFF, StatusCode } from '@wattboard/contract';
import { FACTORY, MISSING, NODE, type CrossTenantRequest } from './case-kit.ts';
import { B_ACCOUNT } from './tenant-extras.ts';
import type { Tenants } from './tenants.ts';

const SUMMARY = '/v1/Web/Cost/Summary';
const NODE_COST = '/v1/Web/Cost/Node';
const GET = '/v1/Admin/Tariff/Get';
const UPDATE = '/v1/Admin/Tariff/Update';
const FOLLOW = '/v1/Admin/Tariff/FollowFactory';
const POINTS = '/v1/Admin/BillingPoint/List';
const SAVE_POINT = '/v1/Admin/BillingPoint/Save';
const REMOVE_POINT = '/v1/Admin/BillingPoint/Remove';
const ADVICE = '/v1/Admin/BillingPoint/Advice';
const BILLS = '/v1/Admin/Bill/List';
const SAVE_BILL = '/v1/Admin/Bill/Save';
const REMOVE_BILL = '/v1/Admin/Bill/Remove';
const IMPORT_BILLS = '/v1/Admin/Bill/Import';
const SCOPE2 = '/v1/Web/Carbon/Scope2';
const FACTORS = '/v1/Admin/EmissionFactor/List';
const SAVE_FACTOR = '/v1/Admin/EmissionFactor/Save';
const REMOVE_FACTOR = '/v1/Admin/EmissionFactor/Remove';
const CERTIFICATES = '/v1/Admin/RenewableCertificate/Save';

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
  const bill = { periodFrom: '2026-11-01', periodTo: '2026-11-30', total: 1 };
  const csvFor = (account: string) =>
    `accountNumber,periodFrom,periodTo,total\n${account},2026-11-01,2026-11-30,1\n`;
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
      // B's billing point's tariff: B's node is not found in A's factory.
      admin(GET, { nodeId: b.rootId }, NODE),
      admin(GET, {}, 'own'),
      notAdmin(GET, {}),
    ],
    [`POST ${UPDATE}`]: [
      admin(UPDATE, { ...edit, factoryId: b.factoryId }, FACTORY),
      admin(UPDATE, { ...edit, nodeId: b.rootId }, NODE),
      admin(UPDATE, edit, 'own'),
      notAdmin(UPDATE, edit),
    ],
    [`POST ${FOLLOW}`]: [
      admin(FOLLOW, { nodeId: b.rootId }, NODE),
      admin(FOLLOW, { nodeId: b.rootId, factoryId: b.factoryId }, FACTORY),
      notAdmin(FOLLOW, { nodeId: b.rootId }),
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
    [`POST ${BILLS}`]: [
      admin(BILLS, { factoryId: b.factoryId }, FACTORY),
      admin(BILLS, {}, 'own'),
      notAdmin(BILLS, {}),
    ],
    [`POST ${SAVE_BILL}`]: [
      // B's point is no billing point of A's: refused like any point that is not one.
      admin(SAVE_BILL, { ...bill, nodeId: b.meterId }, [StatusCode.Fail]),
      admin(SAVE_BILL, { ...bill, nodeId: b.meterId, factoryId: b.factoryId }, FACTORY),
      notAdmin(SAVE_BILL, { ...bill, nodeId: b.meterId }),
    ],
    [`POST ${REMOVE_BILL}`]: [
      admin(REMOVE_BILL, { billId: b.billId }, MISSING),
      admin(REMOVE_BILL, { billId: b.billId, factoryId: b.factoryId }, FACTORY),
      notAdmin(REMOVE_BILL, { billId: b.billId }),
    ],
    [`POST ${IMPORT_BILLS}`]: [
      // B's account number is not A's: the row is refused, nothing saved.
      admin(IMPORT_BILLS, { csv: csvFor(B_ACCOUNT) }, [StatusCode.Fail]),
      admin(IMPORT_BILLS, { csv: csvFor(B_ACCOUNT), factoryId: b.factoryId }, FACTORY),
      notAdmin(IMPORT_BILLS, { csv: csvFor(B_ACCOUNT) }),
    ],
    // Issue #27: the Scope 2 report names billing points (B's is "Zeta meter").
    [`POST ${SCOPE2}`]: [
      post(SCOPE2, { year: 2026, factoryId: b.factoryId }, FACTORY),
      post(SCOPE2, { year: 2026 }, 'own'),
    ],
    // Issue #27: B's factors by year (B alone has 2099, sourced "Zeta factor source").
    [`POST ${FACTORS}`]: [
      admin(FACTORS, { factoryId: b.factoryId }, FACTORY),
      admin(FACTORS, {}, 'own'),
      notAdmin(FACTORS, {}),
    ],
    [`POST ${SAVE_FACTOR}`]: [
      admin(SAVE_FACTOR, { year: 2099, kgPerKwh: 0.5, factoryId: b.factoryId }, FACTORY),
      notAdmin(SAVE_FACTOR, { year: 2099, kgPerKwh: 0.5 }),
    ],
    [`POST ${REMOVE_FACTOR}`]: [
      // A has no 2099 entry: B's is out of reach, not found.
      admin(REMOVE_FACTOR, { year: 2099 }, MISSING),
      admin(REMOVE_FACTOR, { year: 2099, factoryId: b.factoryId }, FACTORY),
      notAdmin(REMOVE_FACTOR, { year: 2099 }),
    ],
    [`POST ${CERTIFICATES}`]: [
      admin(CERTIFICATES, { year: 2099, kwh: 5, factoryId: b.factoryId }, FACTORY),
      notAdmin(CERTIFICATES, { year: 2099, kwh: 5 }),
    ],
  };
}
