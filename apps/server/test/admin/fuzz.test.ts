import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_AUDIT_EXPORT_PATH,
  ADMIN_EVENT_EXPORT_PATH,
  adminCalls,
  DEFAULT_TARIFF,
  EXAMPLE_TEMPLATE,
} from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { edgeBodies, mutatedBody } from '../security/fuzz-values.ts';
import { startAdminFixture, type AdminFixture } from './admin-fixture.ts';

const RUNS = 25;
const SEED = 20261124;
/** A 400 names the field: "userId: …", "body: …". */
const NAMES_A_FIELD = /^(body|[\w$-]+(\.[\w$-]+)*): \S/;
const STACK_TRACE = /\bat .+\.(ts|js):\d+|node_modules/;

/** A valid body per Admin call (the Admin's own ids where one is needed). */
const bases: Record<string, Record<string, unknown>> = {
  '/v1/User/Account': {},
  '/v1/User/ChangePassword': { oldPassword: 'wrong-password', newPassword: 'another-one-1' },
  '/v1/User/Factories': {},
  // A factory the Admin does not belong to: refused (1008), the session stays.
  '/v1/User/SwitchFactory': { toFactoryId: 999 },
  '/v1/Admin/Audit/List': { from: '2026-11-01', to: '2026-11-30', auditAction: 'user', limit: 5 },
  [ADMIN_AUDIT_EXPORT_PATH]: { from: '2026-11-01', lang: 'en' },
  '/v1/Admin/User/List': {},
  '/v1/Admin/User/Add': { username: 'Fuzz', userEmail: 'fuzz@example.com' },
  '/v1/Admin/User/Status': { userId: 1, status: 'active' },
  '/v1/Admin/User/ResetPassword': { userId: 999 },
  '/v1/Admin/User/Role': { userId: 999, role: 'operator' },
  '/v1/Admin/Member/Add': { userEmail: 'nobody@example.com', role: 'viewer' },
  '/v1/Admin/Member/Remove': { userId: 999 },
  '/v1/Admin/Factory/Get': {},
  '/v1/Admin/Factory/Update': {
    name: 'Demo',
    nameZh: '示範',
    timeZone: 'Asia/Taipei',
    co2Factor: 0.5,
    contractCapacityKw: 300,
    workingHours: {
      weekday: [{ from: '06:00', to: '22:00' }],
      saturday: [{ from: '08:00', to: '17:00' }],
      sundayHoliday: [],
    },
  },
  '/v1/Admin/EmissionFactor/List': {},
  '/v1/Admin/EmissionFactor/Save': { year: 2026, kgPerKwh: 0.47, source: 'Fuzz' },
  '/v1/Admin/EmissionFactor/Remove': { year: 1999 },
  '/v1/Admin/RenewableCertificate/Save': { year: 2026, kwh: 1000, note: 'Fuzz' },
  '/v1/Admin/Job/List': {},
  '/v1/Admin/Node/List': {},
  '/v1/Admin/Node/Add': { type: 'virtual', parentId: null, name: 'V', chName: 'V' },
  '/v1/Admin/Node/Update': { nodeId: 1, name: 'Renamed', frequencyHz: 60 },
  '/v1/Admin/Node/Move': { nodeId: 999, parentId: null },
  '/v1/Admin/Node/Retire': { nodeId: 999, retired: true },
  '/v1/Admin/Node/Recompute': { nodeId: 999, from: '2026-11-01', to: '2026-11-02' },
  '/v1/Admin/Gateway/List': {},
  '/v1/Admin/Gateway/Create': { name: 'G' },
  '/v1/Admin/Gateway/Revoke': { gatewayId: 999 },
  '/v1/Admin/Gateway/Meter/List': { gatewayId: 999 },
  '/v1/Admin/Gateway/Meter/Save': {
    gatewayId: 999,
    meterId: null,
    nodeId: 999,
    transport: { kind: 'rtu', path: '/dev/ttyUSB0', baudRate: 9600, parity: 'even', stopBits: 1 },
    unitId: 1,
    template: 'eastron-sdm630',
    pollIntervalMs: 1000,
  },
  '/v1/Admin/Gateway/Meter/Remove': { gatewayId: 999, meterId: 999 },
  '/v1/Admin/Gateway/Template/List': {},
  '/v1/Admin/Gateway/Template/Save': { templateId: 'user:999', definition: EXAMPLE_TEMPLATE },
  '/v1/Admin/Gateway/Template/Remove': { templateId: 'user:999' },
  '/v1/Admin/Gateway/Template/ReadNow': {
    gatewayId: 999,
    meterId: null,
    transport: { kind: 'tcp', host: '10.0.0.2', port: 502 },
    unitId: 1,
    definition: EXAMPLE_TEMPLATE,
  },
  '/v1/Admin/Announcement/List': { state: 'active' },
  '/v1/Admin/Announcement/Create': {
    title: 't',
    content: 'c',
    isImportant: false,
    dtStart: '2026-11-24',
    dtEnd: '2026-11-25',
  },
  '/v1/Admin/Announcement/End': { announcementId: 999 },
  '/v1/Admin/Event/List': { nodeId: 1, target: 'voltage', state: 'resolved', limit: 5 },
  [ADMIN_EVENT_EXPORT_PATH]: { state: 'resolved', lang: 'zh-TW' },
  '/v1/Admin/Mail/List': { status: 'failed', limit: 5 },
  '/v1/Admin/Mail/Retry': { mailId: 999 },
  '/v1/Admin/Outbox/List': {
    status: 'failed',
    channel: 'webhook',
    limit: 5,
    before: { createdAt: '2026-11-29T03:00:00.000Z', side: 'email', id: 9 },
  },
  '/v1/Admin/Webhook/Retry': { deliveryId: 999 },
  '/v1/Admin/Webhook/List': {},
  '/v1/Admin/Webhook/Save': {
    webhookId: null,
    name: 'Hook',
    format: 'signed',
    url: 'http://127.0.0.1:9/hook',
    enabled: false,
    alarms: true,
    offline: true,
    demand: true,
    quietHours: { start: '22:00', end: '07:00' },
    escalateAfterMinutes: 15,
  },
  '/v1/Admin/Webhook/Remove': { webhookId: 999 },
  '/v1/Admin/Webhook/Test': { webhookId: 999 },
  '/v1/Admin/Tariff/Get': {},
  '/v1/Admin/Tariff/Update': { validFrom: '2026-12-01', tariff: DEFAULT_TARIFF },
  '/v1/Admin/Tariff/FollowFactory': { nodeId: 999 },
  '/v1/Admin/BillingPoint/List': {},
  '/v1/Admin/BillingPoint/Save': {
    nodeId: 999,
    contractCapacityKw: '200',
    meterReadingDay: 15,
    accountNumber: '01-2345',
  },
  '/v1/Admin/BillingPoint/Remove': { nodeId: 999 },
  '/v1/Admin/BillingPoint/Advice': { nodeId: 999 },
  '/v1/Admin/Bill/List': {},
  '/v1/Admin/Bill/Save': {
    nodeId: 999,
    periodFrom: '2026-11-01',
    periodTo: '2026-11-30',
    kwhHalfPeak: '1,260',
    powerFactorPercent: 97,
    total: 160400,
  },
  '/v1/Admin/Bill/Remove': { billId: 999 },
  '/v1/Admin/Bill/Import': {
    csv: 'accountNumber,periodFrom,periodTo,total\n01-2345,2026-11-01,2026-11-30,1\n',
  },
  '/v1/Admin/HistoryImport/Preview': {
    format: 'readings',
    csv: 'time,serial,kwh\n2026-11-01T00:15:00Z,WB-M01,1\n',
  },
  '/v1/Admin/HistoryImport/Chunk': {
    format: 'interval',
    mapping: { time: 'time', kwh: 'kwh' },
    meterSerial: 'WB-M01',
    csv: 'time,kwh\n2026-11-01 00:15,1.5\n',
  },
  '/v1/Admin/ScheduledReport/Get': {},
  '/v1/Admin/ScheduledReport/Update': {
    kind: 'weekly',
    enabled: true,
    receivers: ['energy@example.com'],
  },
  '/v1/Admin/ScheduledReport/SendNow': { kind: 'monthly' },
};

describe.each(backends)('Admin calls under fuzzed input on %s', (backend) => {
  let f: AdminFixture;

  beforeAll(async () => {
    f = await startAdminFixture(backend, { SCRYPT_COST: '4' });
  });
  afterAll(() => f.close());

  it('has a base for every call', () => {
    const paths = Object.values(adminCalls).map((call) => call.path);
    expect(Object.keys(bases).sort()).toEqual(
      [...paths, ADMIN_AUDIT_EXPORT_PATH, ADMIN_EVENT_EXPORT_PATH].sort(),
    );
  });

  it('never answers 5xx or a stack trace, and every 400 names a field', async () => {
    const problems: string[] = [];
    let cases = 0;
    for (const [path, base] of Object.entries(bases)) {
      const body = { email: '', action: path, factoryId: 0, ...base };
      const random = fc.sample(mutatedBody(body), { seed: SEED, numRuns: RUNS });
      for (const payload of [...edgeBodies(body), ...random]) {
        cases += 1;
        const text = JSON.stringify(payload) ?? 'null';
        const response = await f.t.app.inject({
          method: 'POST',
          url: path,
          payload: text,
          headers: {
            'content-type': 'application/json',
            authorization: `Bearer ${f.adminToken}`,
          },
        });
        const where = `${path} ${text.slice(0, 200)}`;
        if (response.statusCode >= 500) problems.push(`HTTP ${response.statusCode}: ${where}`);
        else if (STACK_TRACE.test(response.body)) problems.push(`stack trace: ${where}`);
        else if (response.statusCode === 400) {
          const { message } = response.json<{ message?: string }>();
          const poisoned = /"(__proto__|constructor)"/.test(text);
          if (!poisoned && !NAMES_A_FIELD.test(message ?? '')) {
            problems.push(`400 naming no field (${message}): ${where}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(cases).toBeGreaterThan(26 * RUNS);
  }, 300_000);
});
