import { describe, expect, it } from 'vitest';
import { callKey } from '../call.ts';
import { allCalls } from '../calls.ts';
import { adminCalls } from './index.ts';
import { ADMIN_EXAMPLE_ENVELOPE, adminCallExamples } from './examples.ts';

const env = ADMIN_EXAMPLE_ENVELOPE;
const valid = adminCallExamples;

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
  adminNodeRecompute: [{ ...env, nodeId: 4, from: '2026-05-01', to: '2027-06-05' }, 'to'],
  adminAnnouncementCreate: [
    { ...env, title: 'T', content: 'C', dtStart: '2026-11-25', dtEnd: '2026-11-24' },
    'dtEnd',
  ],
  adminMailList: [{ ...env, limit: 100_000 }, 'limit'],
  adminScheduledReportUpdate: [
    { ...env, kind: 'weekly', enabled: true, receivers: ['ok@example.com', 'not-an-address'] },
    'receivers.1',
  ],
  adminScheduledReportSendNow: [{ ...env, kind: 'daily' }, 'kind'],
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
