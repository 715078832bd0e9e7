import { StatusCode } from '@wattboard/contract';
import { FACTORY, MISSING, type CrossTenantRequest } from './case-kit.ts';
import type { Tenants } from './tenants.ts';

const STATUS = '/v1/Demand/Status';
const PRIORITY = '/v1/Channel/ShedPriority/Update';
const GET = '/v1/Admin/Demand/Get';
const UPDATE = '/v1/Admin/Demand/Update';

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

const settings = {
  targetPercent: 95,
  autoShed: true,
  minOffMinutes: 5,
  maxOffMinutes: 30,
  restoreMarginPercent: 5,
  demandMailReceiverIds: [],
};

/** Demand management (issue #15): B's factory, B's channel, B's e-mail receiver. */
export function demandCases(t: Tenants): Record<string, CrossTenantRequest[]> {
  const { b } = t;
  return {
    [`POST ${STATUS}`]: [
      post(STATUS, { factoryId: b.factoryId }, FACTORY),
      post(STATUS, {}, 'own'),
    ],
    [`POST ${PRIORITY}`]: [
      post(PRIORITY, { channelScheduleId: b.channelId, shedPriority: 1 }, MISSING),
      post(
        PRIORITY,
        { factoryId: b.factoryId, channelScheduleId: b.channelId, shedPriority: 1 },
        FACTORY,
      ),
    ],
    [`POST ${GET}`]: [
      admin(GET, { factoryId: b.factoryId }, FACTORY),
      admin(GET, {}, 'own'),
      notAdmin(GET, {}),
    ],
    [`POST ${UPDATE}`]: [
      admin(UPDATE, { ...settings, factoryId: b.factoryId }, FACTORY),
      admin(UPDATE, { ...settings, demandMailReceiverIds: [b.receiverId] }, MISSING),
      notAdmin(UPDATE, settings),
    ],
    'POST /api/test/demand/overload': [
      post('/api/test/demand/overload', { extraKw: 0, minutes: 0 }, 'own'),
    ],
    'POST /api/test/demand/step': [post('/api/test/demand/step', {}, 'own')],
  };
}
