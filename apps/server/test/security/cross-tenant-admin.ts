import { StatusCode } from '@wattboard/contract';
import { FACTORY, MISSING, type CrossTenantRequest } from './case-kit.ts';
import type { Tenants } from './tenants.ts';

type Expect = CrossTenantRequest['expect'];

/** A's Admin user sends it. */
const admin = (url: string, body: Record<string, unknown>, expect: Expect): CrossTenantRequest => ({
  method: 'POST',
  url,
  body,
  as: 'admin',
  expect,
});

/** A's plain user sends it: the Admin rule answers 403 and nothing else. */
const notAdmin = (url: string, body: Record<string, unknown>): CrossTenantRequest => ({
  method: 'POST',
  url,
  body,
  http: 403,
  expect: [StatusCode.Fail],
});

/**
 * One Admin call: A's Admin with B's factoryId (refused, 1008), A's Admin
 * with B's ids in A's factory (`own`: answered as missing or with A's data
 * only), and A's plain user with A's own valid body (403).
 */
export function adminCall(
  path: string,
  t: Tenants,
  fields: Record<string, unknown>,
  withBIds: { body: Record<string, unknown>; expect: Expect; http?: number }[] = [],
  options: { factoryRefusal?: readonly number[] } = {},
): Record<string, CrossTenantRequest[]> {
  return {
    [`POST ${path}`]: [
      admin(path, { ...fields, factoryId: t.b.factoryId }, options.factoryRefusal ?? FACTORY),
      ...withBIds.map(({ body, expect, http }) => ({
        ...admin(path, { factoryId: 0, ...body }, expect),
        ...(http === undefined ? {} : { http }),
      })),
      notAdmin(path, fields),
    ],
  };
}

const today = () => new Date().toISOString().slice(0, 10);

/** The Admin page's calls (issue #13), the two CSV exports and the account calls. */
export function adminCases(t: Tenants): Record<string, CrossTenantRequest[]> {
  const { a, b } = t;
  const own = { body: {}, expect: 'own' as const };
  const reportSettings = { kind: 'weekly', enabled: false, receivers: ['a-reports@example.com'] };
  const historyCsv = (serial: string) =>
    `time,serial,kwh\n${new Date(Date.now() - 86_400_000).toISOString()},${serial},1\n`;
  const historyPreview = { format: 'readings', csv: historyCsv(a.serial) };
  const historyChunk = {
    format: 'readings',
    mapping: { time: 'time', serial: 'serial', kwh: 'kwh' },
    csv: historyCsv(a.serial),
  };
  const announcement = { title: 'A note', content: 'A', dtStart: today(), dtEnd: '2099-01-01' };
  return {
    'POST /v1/User/Account': [
      { method: 'POST', url: '/v1/User/Account', body: { factoryId: b.factoryId }, expect: 'own' },
      admin('/v1/User/Account', { userId: b.userId }, 'own'),
    ],
    // Only the caller's own factories, whatever the body says.
    'POST /v1/User/Factories': [
      {
        method: 'POST',
        url: '/v1/User/Factories',
        body: { factoryId: b.factoryId },
        expect: 'own',
      },
      admin('/v1/User/Factories', { userId: b.userId }, 'own'),
    ],
    // A factory the caller does not belong to: refused, the session stays on A.
    'POST /v1/User/SwitchFactory': [
      {
        method: 'POST',
        url: '/v1/User/SwitchFactory',
        body: { toFactoryId: b.factoryId },
        expect: FACTORY,
      },
      admin('/v1/User/SwitchFactory', { toFactoryId: b.factoryId }, FACTORY),
    ],
    // B's password as A's "current" one: refused, and B's user is untouched.
    'POST /v1/User/ChangePassword': [
      {
        method: 'POST',
        url: '/v1/User/ChangePassword',
        body: { oldPassword: b.password, newPassword: 'taken-over-1', userId: b.userId },
        expect: [StatusCode.EMailOrPasswordError],
      },
      admin('/v1/User/ChangePassword', { oldPassword: b.password, newPassword: 'taken-over-1' }, [
        StatusCode.EMailOrPasswordError,
      ]),
    ],
    ...adminCall('/v1/Admin/Audit/List', t, { limit: 500 }, [
      own,
      // B's person by name: still only A's rows (B's carry "Zeta audit").
      { body: { actor: 'zeta-boss' }, expect: 'own' },
    ]),
    ...adminCall('/v1/Admin/Audit/Export', t, { lang: 'en' }, [own]),
    ...adminCall('/v1/Admin/User/List', t, {}, [own]),
    // E-mails are unique across factories (they sign in): B's is refused, B's user untouched.
    ...adminCall('/v1/Admin/User/Add', t, { username: 'Sneak spy', userEmail: 'spy@a.example' }, [
      {
        body: { username: 'Sneak spy', userEmail: 'boss@zeta-secret.example' },
        expect: [StatusCode.Fail, StatusCode.EMailAlreadRegistered, StatusCode.UserAlreadyExisted],
      },
    ]),
    ...adminCall('/v1/Admin/User/Status', t, { userId: b.userId, status: 'disabled' }, [
      { body: { userId: b.userId, status: 'disabled' }, expect: MISSING },
    ]),
    ...adminCall('/v1/Admin/User/ResetPassword', t, { userId: b.userId }, [
      { body: { userId: b.userId }, expect: MISSING },
    ]),
    ...adminCall('/v1/Admin/User/Role', t, { userId: b.userId, role: 'viewer' }, [
      { body: { userId: b.userId, role: 'viewer' }, expect: MISSING },
    ]),
    // Several plants per person (decision 0089): no e-mail here is a person's, so nothing is added.
    ...adminCall('/v1/Admin/Member/Add', t, { userEmail: 'spy@a.example', role: 'viewer' }, [
      { body: { userEmail: 'nobody@zeta-secret.example', role: 'manager' }, expect: MISSING },
    ]),
    ...adminCall('/v1/Admin/Member/Remove', t, { userId: b.userId }, [
      { body: { userId: b.userId }, expect: MISSING },
    ]),
    ...adminCall('/v1/Admin/Job/List', t, {}, [own]),
    ...adminCall('/v1/Admin/Factory/Get', t, {}, [own]),
    ...adminCall('/v1/Admin/Factory/Update', t, a.factory),
    ...adminCall('/v1/Admin/Node/List', t, {}, [own]),
    ...adminCall(
      '/v1/Admin/Node/Add',
      t,
      { type: 'virtual', parentId: null, name: 'Sneak', chName: 'Sneak' },
      [
        {
          body: { type: 'virtual', parentId: b.rootId, name: 'Sneak', chName: 'Sneak' },
          expect: MISSING,
        },
      ],
    ),
    ...adminCall('/v1/Admin/Node/Update', t, { nodeId: b.meterId, name: 'Taken' }, [
      { body: { nodeId: b.meterId, name: 'Taken' }, expect: MISSING },
    ]),
    ...adminCall('/v1/Admin/Node/Move', t, { nodeId: b.meterId, parentId: null }, [
      { body: { nodeId: b.meterId, parentId: null }, expect: MISSING },
      { body: { nodeId: a.nodeId, parentId: b.rootId }, expect: MISSING },
    ]),
    ...adminCall('/v1/Admin/Node/Retire', t, { nodeId: b.meterId }, [
      { body: { nodeId: b.meterId }, expect: MISSING },
      { body: { nodeId: b.meterId, retired: false }, expect: MISSING },
    ]),
    ...adminCall(
      '/v1/Admin/Node/Recompute',
      t,
      { nodeId: b.meterId, from: '2026-11-01', to: '2026-11-02' },
      [{ body: { nodeId: b.meterId, from: '2026-11-01', to: '2026-11-02' }, expect: MISSING }],
    ),
    ...adminCall('/v1/Admin/Gateway/List', t, {}, [own]),
    ...adminCall('/v1/Admin/Gateway/Create', t, { name: 'Sneak gateway' }),
    ...adminCall('/v1/Admin/Gateway/Revoke', t, { gatewayId: b.gatewayId }, [
      { body: { gatewayId: b.gatewayId }, expect: MISSING },
    ]),
    ...adminCall('/v1/Admin/Gateway/Meter/List', t, { gatewayId: b.gatewayId }, [
      { body: { gatewayId: b.gatewayId }, expect: MISSING },
    ]),
    ...adminCall(
      '/v1/Admin/Gateway/Meter/Save',
      t,
      {
        gatewayId: b.gatewayId,
        meterId: null,
        nodeId: b.meterId,
        transport: { kind: 'tcp', host: '10.0.0.9', port: 502 },
        unitId: 1,
        template: 'eastron-sdm630',
        pollIntervalMs: 1000,
      },
      [
        {
          body: {
            gatewayId: b.gatewayId,
            meterId: null,
            nodeId: b.meterId,
            transport: { kind: 'tcp', host: '10.0.0.9', port: 502 },
            unitId: 1,
            template: 'eastron-sdm630',
            pollIntervalMs: 1000,
          },
          expect: MISSING,
        },
      ],
    ),
    ...adminCall('/v1/Admin/Gateway/Meter/Remove', t, { gatewayId: b.gatewayId, meterId: 1 }, [
      { body: { gatewayId: b.gatewayId, meterId: 1 }, expect: MISSING },
    ]),
    ...adminCall('/v1/Admin/Announcement/List', t, { state: 'active' }, [
      { body: { state: 'active' }, expect: 'own' },
      { body: { state: 'ended' }, expect: 'own' },
    ]),
    ...adminCall('/v1/Admin/Announcement/Create', t, announcement),
    ...adminCall('/v1/Admin/Announcement/End', t, { announcementId: b.announcementId }, [
      { body: { announcementId: b.announcementId }, expect: MISSING },
    ]),
    ...adminCall('/v1/Admin/Event/List', t, { limit: 500 }, [
      own,
      { body: { nodeId: b.meterId }, expect: [...MISSING, StatusCode.OK] },
    ]),
    ...adminCall('/v1/Admin/Event/Export', t, { lang: 'zh-TW' }, [
      own,
      // A file download refuses with HTTP 404 and a JSON body.
      { body: { nodeId: b.meterId }, expect: [StatusCode.IoTDeviceNotFound], http: 404 },
    ]),
    ...adminCall('/v1/Admin/Mail/List', t, { limit: 500 }, [own]),
    ...adminCall('/v1/Admin/Mail/Retry', t, { mailId: b.mailId }, [
      { body: { mailId: b.mailId }, expect: MISSING },
    ]),
    // Scheduled reports: B's factoryId is refused; A's own answer only holds A's settings.
    ...adminCall('/v1/Admin/ScheduledReport/Get', t, {}, [own]),
    ...adminCall('/v1/Admin/ScheduledReport/Update', t, reportSettings, [
      { body: reportSettings, expect: 'own' },
    ]),
    // History import (issue #25): B's meter serial is unknown in A's factory; nothing is stored.
    ...adminCall('/v1/Admin/HistoryImport/Preview', t, historyPreview, [
      { body: { ...historyPreview, csv: historyCsv(b.serial) }, expect: 'own' },
    ]),
    ...adminCall('/v1/Admin/HistoryImport/Chunk', t, historyChunk, [
      { body: { ...historyChunk, csv: historyCsv(b.serial) }, expect: 'own' },
    ]),
    // A has no receivers for monthly: refused with 201 Fail, nothing of B's is mailed.
    ...adminCall('/v1/Admin/ScheduledReport/SendNow', t, { kind: 'monthly' }, [
      { body: { kind: 'monthly' }, expect: [StatusCode.Fail] },
    ]),
  };
}
