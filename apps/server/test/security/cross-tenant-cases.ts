import { StatusCode } from '@wattboard/contract';
import { FACTORY, NODE, range, type CrossTenantRequest } from './case-kit.ts';
import { adminCases } from './cross-tenant-admin.ts';
import { templateCases } from './cross-tenant-templates.ts';
import { controlCases } from './cross-tenant-control.ts';
import { demandCases } from './cross-tenant-demand.ts';
import { gatewayCases } from './cross-tenant-gateway.ts';
import { costCases } from './cross-tenant-cost.ts';
import { webhookCases } from './cross-tenant-webhooks.ts';
import { overviewReportCases } from './cross-tenant-report.ts';
import type { Tenants } from './tenants.ts';

export type { CrossTenantRequest } from './case-kit.ts';

const EVENT = [StatusCode.DataNotFound];

function monitorCases(url: string, t: Tenants, extra: object = {}): CrossTenantRequest[] {
  const base = { timeRange: range(), ...extra };
  return [
    {
      method: 'POST',
      url,
      body: { factoryId: t.b.factoryId, deviceId: t.b.meterId, ...base },
      expect: FACTORY,
    },
    {
      method: 'POST',
      url,
      body: { factoryId: t.b.factoryId, deviceId: t.a.nodeId, ...base },
      expect: FACTORY,
    },
    { method: 'POST', url, body: { factoryId: 0, deviceId: t.b.meterId, ...base }, expect: NODE },
  ];
}

/** Today (UTC) as a one-day range of local dates. */
const days = () => {
  const today = new Date().toISOString().slice(0, 10);
  return { startDate: today, endDate: today };
};

const segmentInfo = () => {
  const today = new Date().toISOString().slice(0, 10);
  return {
    dateRange: { startDate: today, endDate: today },
    timeRange: { startTime: '00:00', endTime: '24:00' },
    weekdays: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'],
  };
};

/**
 * Every route the app registers, by `METHOD /path`, with the requests that
 * try to reach factory B from A. The suite fails for a registered route that
 * is neither here nor in EXCLUDED_ROUTES.
 */
export function crossTenantCases(t: Tenants): Record<string, CrossTenantRequest[]> {
  const b = t.b;
  const consumption = { factoryId: 0, deviceId: b.meterId, segmentInfo: segmentInfo() };
  return {
    'POST /User/SignIn': [
      {
        method: 'POST',
        url: '/User/SignIn',
        raw: true,
        authorization: null,
        body: {
          email: 'boss@zeta-secret.example',
          password: 'wattboard-demo',
          action: '/User/SignIn',
          token: '',
        },
        expect: [StatusCode.EMailOrPasswordError],
      },
    ],
    // The body names B's user while the bearer token is A's: refused, and B's session survives.
    'POST /User/SignOut': [
      {
        method: 'POST',
        url: '/User/SignOut',
        raw: true,
        body: {
          email: 'boss@zeta-secret.example',
          action: '/User/SignOut',
          token: b.session.token,
        },
        expect: [StatusCode.TokenExpired],
      },
    ],
    'POST /v1/Web/Factory/Channel/List': [
      {
        method: 'POST',
        url: '/v1/Web/Factory/Channel/List',
        body: { factoryId: b.factoryId },
        expect: FACTORY,
      },
    ],
    'POST /v1/Web/Monitor/Device': monitorCases('/v1/Web/Monitor/Device', t),
    'POST /v1/Web/Monitor/Device/Power/Detail': monitorCases(
      '/v1/Web/Monitor/Device/Power/Detail',
      t,
      { resolution: 5 },
    ),
    'POST /v1/Web/Monitor/Device/Baseline': monitorCases('/v1/Web/Monitor/Device/Baseline', t),
    // Issue #27: the waste finder names the factory's points; A's own answer must hold none of B's.
    'POST /v1/Web/Waste/Findings': [
      {
        method: 'POST',
        url: '/v1/Web/Waste/Findings',
        body: { factoryId: b.factoryId, ...days() },
        expect: FACTORY,
      },
      { method: 'POST', url: '/v1/Web/Waste/Findings', body: days(), expect: 'own' },
    ],
    'POST /v1/Web/Monitor/Device/ConsumptionQuery': [
      {
        method: 'POST',
        url: '/v1/Web/Monitor/Device/ConsumptionQuery',
        body: consumption,
        expect: NODE,
      },
      {
        method: 'POST',
        url: '/v1/Web/Monitor/Device/ConsumptionQuery',
        body: { ...consumption, factoryId: b.factoryId },
        expect: FACTORY,
      },
    ],
    'POST /v1/Web/Setting/Alarm/List': [
      {
        method: 'POST',
        url: '/v1/Web/Setting/Alarm/List',
        body: { deviceId: b.meterId },
        expect: NODE,
      },
    ],
    'POST /v1/Web/Setting/Alarm/Update': [
      {
        method: 'POST',
        url: '/v1/Web/Setting/Alarm/Update',
        body: {
          deviceId: b.meterId,
          alarms: [{ target: 'voltage', isActivated: false, threshold: { low: null, high: null } }],
        },
        expect: NODE,
      },
    ],
    'GET /v1/Web/Announcement/Latest': [
      { method: 'GET', url: '/v1/Web/Announcement/Latest', expect: 'own' },
      { method: 'GET', url: '/v1/Web/Announcement/Latest', authorization: null, expect: 'own' },
    ],
    'POST /api/v1/Web/Announcement/Latest': [
      {
        method: 'POST',
        url: '/api/v1/Web/Announcement/Latest',
        raw: true,
        body: {},
        expect: 'own',
        // No announcement of A's is current: No Content.
        http: 204,
      },
    ],
    'POST /v1/Web/Announcement/Create': [
      {
        method: 'POST',
        url: '/v1/Web/Announcement/Create',
        // A factoryId is not part of the call: it must be ignored, never used.
        body: {
          factoryId: b.factoryId,
          title: 'A note',
          content: 'For A only',
          dtStart: '2026-01-01',
          dtEnd: '2099-01-01',
        },
        expect: 'own',
      },
    ],
    'POST /v1/Setting/GetEmailReceivers': [
      {
        method: 'POST',
        url: '/v1/Setting/GetEmailReceivers',
        body: { factoryId: b.factoryId },
        expect: 'own',
      },
    ],
    // B's receiver id in A's list: it must not touch B's row.
    'POST /v1/Setting/UpdateEmailReceivers': [
      {
        method: 'POST',
        url: '/v1/Setting/UpdateEmailReceivers',
        body: {
          receivers: [
            { id: b.receiverId, receiverName: 'Took over', email: 'a@demo.example', status: 'off' },
          ],
        },
        expect: 'own',
      },
    ],
    'PUT /v1/Event/:id/resolve': [
      { method: 'PUT', url: `/v1/Event/${b.eventId}/resolve`, expect: EVENT },
    ],
    'POST /api/test/alarm': [{ method: 'POST', url: '/api/test/alarm', body: {}, expect: 'own' }],
    'POST /API/v1/TestEmail/send-test': [
      { method: 'POST', url: '/API/v1/TestEmail/send-test', body: {}, expect: 'own' },
    ],
    'POST /notificationHub/negotiate': [
      { method: 'POST', url: '/notificationHub/negotiate', raw: true, body: {}, expect: 'own' },
    ],
    // A clear link of A's naming B's alarm (decision 0074): no session, the link is the
    // permission, for its own factory only: "not valid", and B's alarm stays open.
    'GET /v1/Event/ClearLink': [
      {
        method: 'GET',
        url: `/v1/Event/ClearLink?t=${encodeURIComponent(t.a.clearLinkToB)}`,
        authorization: null,
        http: 404,
        expect: 'own',
      },
    ],
    'POST /v1/Event/ClearLink': [
      {
        method: 'POST',
        url: '/v1/Event/ClearLink',
        raw: true,
        authorization: null,
        body: { t: t.a.clearLinkToB },
        http: 404,
        expect: 'own',
      },
    ],
    // A report link of A's naming B's stored report file (decision 0083): the file is looked
    // up within the link's own factory, so it is "not valid" and B's bytes never come back.
    'GET /v1/Report/File': [
      {
        method: 'GET',
        url: `/v1/Report/File?t=${encodeURIComponent(t.a.reportLinkToB)}`,
        authorization: null,
        http: 404,
        expect: 'own',
      },
    ],
    'GET /healthz': [{ method: 'GET', url: '/healthz', authorization: null, expect: 'own' }],
    'GET /readyz': [{ method: 'GET', url: '/readyz', authorization: null, expect: 'own' }],
    'GET /metrics': [{ method: 'GET', url: '/metrics', authorization: null, expect: 'own' }],
    'GET /docs': [{ method: 'GET', url: '/docs', authorization: null, expect: 'own' }],
    'GET /docs/json': [{ method: 'GET', url: '/docs/json', authorization: null, expect: 'own' }],
    'GET /docs/yaml': [{ method: 'GET', url: '/docs/yaml', authorization: null, expect: 'own' }],
    ...gatewayCases(t),
    ...overviewReportCases(t),
    ...controlCases(t),
    ...demandCases(t),
    ...costCases(t),
    ...webhookCases(t),
    ...adminCases(t),
    ...templateCases(t),
  };
}
