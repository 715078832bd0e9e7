import { describe, expect, it } from 'vitest';
import { callKey } from '../call.ts';
import { allCalls } from '../calls.ts';
import { adminCalls } from './index.ts';

const env = { email: 'admin@example.com', action: '/v1/Admin/X', token: 't' };

/** One valid request per call; the broken one below names its field. */
const valid: Record<keyof typeof adminCalls, Record<string, unknown>> = {
  userAccount: env,
  userChangePassword: { ...env, oldPassword: 'old-secret', newPassword: 'new-secret-1' },
  adminAuditList: { ...env, from: '2026-11-01', to: '2026-11-30', auditAction: 'user', limit: 50 },
  adminUserList: env,
  adminUserAdd: { ...env, username: 'Operator', userEmail: ' Op@Example.com ' },
  adminUserSetStatus: { ...env, userId: 3, status: 'disabled' },
  adminUserResetPassword: { ...env, userId: '3' },
  adminFactoryGet: env,
  adminFactoryUpdate: {
    ...env,
    name: 'Plant',
    nameZh: '工廠',
    timeZone: 'Asia/Taipei',
    co2Factor: '0.474',
    contractCapacityKw: null,
  },
  adminJobList: env,
  adminNodeList: env,
  adminNodeAdd: {
    ...env,
    type: 'smartMeter',
    name: 'M',
    chName: '表',
    serial: 'SN-1',
    wiring: 'a,b,c',
  },
  adminNodeUpdate: { ...env, nodeId: 4, name: 'Renamed' },
  adminNodeMove: { ...env, nodeId: 4, parentId: null },
  adminNodeRetire: { ...env, nodeId: 4 },
  adminGatewayList: env,
  adminGatewayCreate: { ...env, name: 'Line 1 gateway' },
  adminGatewayRevoke: { ...env, gatewayId: 2 },
  adminAnnouncementList: { ...env, state: 'active' },
  adminAnnouncementCreate: {
    ...env,
    title: 'T',
    content: 'C',
    dtStart: '2026-11-24',
    dtEnd: '2026-11-25',
  },
  adminAnnouncementEnd: { ...env, announcementId: 9 },
  adminEventList: { ...env, state: 'resolved', target: 'voltage' },
  adminMailList: { ...env, status: 'failed' },
  adminMailRetry: { ...env, mailId: 5 },
};

const broken: Partial<Record<keyof typeof adminCalls, [Record<string, unknown>, string]>> = {
  userChangePassword: [{ ...env, oldPassword: 'x', newPassword: 'short' }, 'newPassword'],
  adminAuditList: [{ ...env, from: '2026-11-30', to: '2026-11-01' }, 'to'],
  adminUserAdd: [{ ...env, username: 'A', userEmail: 'nope' }, 'userEmail'],
  adminUserSetStatus: [{ ...env, userId: 3, status: 'gone' }, 'status'],
  adminFactoryUpdate: [
    { ...env, name: 'P', nameZh: 'P', timeZone: 'Mars/Base', co2Factor: 1, contractCapacityKw: 5 },
    'timeZone',
  ],
  adminNodeAdd: [{ ...env, type: 'circuit', name: 'C', chName: 'C', wiring: 'a,b,c' }, 'serial'],
  adminNodeMove: [{ ...env, nodeId: -1, parentId: null }, 'nodeId'],
  adminAnnouncementCreate: [
    { ...env, title: 'T', content: 'C', dtStart: '2026-11-25', dtEnd: '2026-11-24' },
    'dtEnd',
  ],
  adminMailList: [{ ...env, limit: 100_000 }, 'limit'],
};

describe('admin calls', () => {
  it('are all authenticated POSTs under /v1/Admin or /v1/User, distinct from the spec calls', () => {
    const keys = Object.values(adminCalls).map(callKey);
    expect(new Set([...keys, ...allCalls.map(callKey)]).size).toBe(keys.length + allCalls.length);
    for (const call of Object.values(adminCalls)) {
      expect(call.auth).toBe(true);
      expect(call.method).toBe('POST');
      expect(call.path).toMatch(/^\/v1\/(Admin|User)\//);
    }
  });

  it.each(Object.entries(adminCalls))('%s accepts a valid request', (name, call) => {
    const result = call.request.safeParse(valid[name as keyof typeof adminCalls]);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it.each(Object.entries(broken))('%s refuses a broken request naming the field', (name, pair) => {
    const [body, field] = pair!;
    const result = adminCalls[name as keyof typeof adminCalls].request.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.path.join('.'))).toContain(field);
  });

  it('defaults factoryId to 0 (own factory) and lower-cases a new e-mail', () => {
    const parsed = adminCalls.adminUserAdd.request.parse(valid.adminUserAdd);
    expect(parsed).toMatchObject({ factoryId: 0, userEmail: 'op@example.com' });
  });
});
