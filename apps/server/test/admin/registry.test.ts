import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_AUDIT_EXPORT_PATH,
  ADMIN_EVENT_EXPORT_PATH,
  ADMIN_MESSAGES,
  adminCalls,
  DEFAULT_TARIFF,
  EXAMPLE_TEMPLATE,
} from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { postJson } from '../helpers/test-app.ts';
import { startAdminFixture, type AdminFixture } from './admin-fixture.ts';

const adminPaths = [
  ...Object.values(adminCalls)
    .map((call) => call.path)
    .filter((path) => path.startsWith('/v1/Admin/')),
  ADMIN_AUDIT_EXPORT_PATH,
  ADMIN_EVENT_EXPORT_PATH,
];

/** One body valid for every Admin call (unknown keys are dropped by each call's schema). */
const anyValid: Record<string, unknown> = {
  username: 'X',
  userEmail: 'x@x.example',
  userId: 1,
  role: 'viewer',
  name: 'N',
  nameZh: 'N',
  timeZone: 'Asia/Taipei',
  co2Factor: 0.5,
  contractCapacityKw: null,
  meterReadingDay: 1,
  periodFrom: '2026-11-01',
  periodTo: '2026-11-30',
  total: 1,
  billId: 1,
  csv: 'accountNumber,periodFrom,periodTo,total',
  nodeId: 1,
  parentId: null,
  type: 'virtual',
  chName: 'V',
  gatewayId: 1,
  meterId: 1,
  transport: { kind: 'tcp', host: '10.0.0.2', port: 502 },
  unitId: 1,
  template: 'eastron-sdm630',
  templateId: 'user:1',
  definition: EXAMPLE_TEMPLATE,
  pollIntervalMs: 1000,
  title: 't',
  content: 'c',
  dtStart: '2026-11-24',
  dtEnd: '2026-11-25',
  announcementId: 1,
  mailId: 1,
  kind: 'weekly',
  enabled: false,
  receivers: [],
  validFrom: '2026-11-24',
  tariff: DEFAULT_TARIFF,
  from: '2026-11-20',
  to: '2026-11-21',
  webhookId: 1,
  deliveryId: 1,
  format: 'signed',
  url: 'http://127.0.0.1:9/hook',
  alarms: true,
  demand: true,
  mapping: { time: 'time', kwh: 'kwh' },
  year: 2026,
  kgPerKwh: 0.5,
  kwh: 10,
};
const validFor = (path: string) =>
  path === '/v1/Admin/User/Status'
    ? { ...anyValid, status: 'active' }
    : path.startsWith('/v1/Admin/HistoryImport/')
      ? { ...anyValid, format: 'readings' }
      : anyValid;

describe.each(backends)('every Admin call on %s', (backend) => {
  let f: AdminFixture;

  beforeAll(async () => {
    f = await startAdminFixture(backend);
  });
  afterAll(() => f.close());

  it('is registered, needs a token (401) and the Admin user (403, no data)', async () => {
    expect(adminPaths).toHaveLength(61);
    for (const path of adminPaths) {
      const anonymous = await postJson(f.t.app, path, {
        email: '',
        action: path,
        ...validFor(path),
      });
      expect(anonymous.statusCode, path).toBe(401);
      const response = await f.call(path, f.demoToken, validFor(path));
      expect(response.statusCode, path).toBe(403);
      expect(response.json(), path).toEqual({
        action: path,
        statusCode: 201,
        message: ADMIN_MESSAGES.forbidden,
        email: 'demo@wattboard.local',
        username: 'demo',
        token: f.demoToken,
        dtTokenExpire: expect.any(String),
      });
    }
  });

  it("answers another factory's id with 1008 (HTTP 200, or 404 for the file downloads)", async () => {
    for (const path of adminPaths) {
      const response = await f.call(path, f.adminToken, {
        ...validFor(path),
        factoryId: f.otherFactory,
      });
      expect(response.json().statusCode, path).toBe(1008);
      expect(response.statusCode, path).toBe(path.endsWith('/Export') ? 404 : 200);
    }
  });

  it('appears in the OpenAPI document', async () => {
    const doc = (await f.t.app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, unknown>;
    };
    const missing = [...adminPaths, '/v1/User/Account', '/v1/User/ChangePassword'].filter(
      (path) => !(path in doc.paths),
    );
    expect(missing).toEqual([]);
  });
});
