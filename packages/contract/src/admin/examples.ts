import { DEFAULT_TARIFF } from '../tariff-default.ts';
import type { AdminCallName } from './index.ts';

/**
 * One valid request per Admin call (issue #13), for documentation and tests.
 * Each is the envelope plus the call's fields; `factoryId` may be added (0 =
 * the caller's own factory, the default).
 */
export const ADMIN_EXAMPLE_ENVELOPE = {
  email: 'admin@example.com',
  action: '/v1/Admin/X',
  token: 't',
};

export const adminCallExamples: Record<AdminCallName, Record<string, unknown>> = {
  userAccount: ADMIN_EXAMPLE_ENVELOPE,
  userChangePassword: {
    ...ADMIN_EXAMPLE_ENVELOPE,
    oldPassword: 'old-secret',
    newPassword: 'new-secret-1',
  },
  adminAuditList: {
    ...ADMIN_EXAMPLE_ENVELOPE,
    from: '2026-11-01',
    to: '2026-11-30',
    auditAction: 'user',
    limit: 50,
  },
  adminUserList: ADMIN_EXAMPLE_ENVELOPE,
  adminUserAdd: { ...ADMIN_EXAMPLE_ENVELOPE, username: 'Operator', userEmail: ' Op@Example.com ' },
  adminUserSetStatus: { ...ADMIN_EXAMPLE_ENVELOPE, userId: 3, status: 'disabled' },
  adminUserResetPassword: { ...ADMIN_EXAMPLE_ENVELOPE, userId: '3' },
  adminFactoryGet: ADMIN_EXAMPLE_ENVELOPE,
  adminFactoryUpdate: {
    ...ADMIN_EXAMPLE_ENVELOPE,
    name: 'Plant',
    nameZh: '工廠',
    timeZone: 'Asia/Taipei',
    co2Factor: '0.474',
    contractCapacityKw: null,
  },
  adminJobList: ADMIN_EXAMPLE_ENVELOPE,
  adminNodeList: ADMIN_EXAMPLE_ENVELOPE,
  adminNodeAdd: {
    ...ADMIN_EXAMPLE_ENVELOPE,
    type: 'smartMeter',
    name: 'M',
    chName: '表',
    serial: 'SN-1',
    wiring: 'a,b,c',
  },
  adminNodeUpdate: { ...ADMIN_EXAMPLE_ENVELOPE, nodeId: 4, name: 'Renamed' },
  adminNodeMove: { ...ADMIN_EXAMPLE_ENVELOPE, nodeId: 4, parentId: null },
  adminNodeRetire: { ...ADMIN_EXAMPLE_ENVELOPE, nodeId: 4 },
  adminNodeRecompute: {
    ...ADMIN_EXAMPLE_ENVELOPE,
    nodeId: 4,
    from: '2026-05-01',
    to: '2026-05-31',
  },
  adminGatewayList: ADMIN_EXAMPLE_ENVELOPE,
  adminGatewayCreate: { ...ADMIN_EXAMPLE_ENVELOPE, name: 'Line 1 gateway' },
  adminGatewayRevoke: { ...ADMIN_EXAMPLE_ENVELOPE, gatewayId: 2 },
  adminAnnouncementList: { ...ADMIN_EXAMPLE_ENVELOPE, state: 'active' },
  adminAnnouncementCreate: {
    ...ADMIN_EXAMPLE_ENVELOPE,
    title: 'T',
    content: 'C',
    dtStart: '2026-11-24',
    dtEnd: '2026-11-25',
  },
  adminAnnouncementEnd: { ...ADMIN_EXAMPLE_ENVELOPE, announcementId: 9 },
  adminEventList: { ...ADMIN_EXAMPLE_ENVELOPE, state: 'resolved', target: 'voltage' },
  adminMailList: { ...ADMIN_EXAMPLE_ENVELOPE, status: 'failed' },
  adminMailRetry: { ...ADMIN_EXAMPLE_ENVELOPE, mailId: 5 },
  adminTariffGet: ADMIN_EXAMPLE_ENVELOPE,
  adminTariffUpdate: { ...ADMIN_EXAMPLE_ENVELOPE, validFrom: '2026-12-01', tariff: DEFAULT_TARIFF },
  adminBillingPointList: ADMIN_EXAMPLE_ENVELOPE,
  adminBillingPointSave: {
    ...ADMIN_EXAMPLE_ENVELOPE,
    nodeId: 12,
    contractCapacityKw: '300',
    meterReadingDay: 15,
    accountNumber: '01-2345-6789-0',
  },
  adminBillingPointRemove: { ...ADMIN_EXAMPLE_ENVELOPE, nodeId: 12 },
  adminBillingPointAdvice: { ...ADMIN_EXAMPLE_ENVELOPE, nodeId: 12 },
  adminBillList: ADMIN_EXAMPLE_ENVELOPE,
  adminBillSave: {
    ...ADMIN_EXAMPLE_ENVELOPE,
    nodeId: 12,
    periodFrom: '2026-10-15',
    periodTo: '2026-11-14',
    kwhPeak: 0,
    kwhHalfPeak: '52,340',
    kwhSaturdayHalfPeak: 6120,
    kwhOffPeak: 48210,
    maxDemandKw: 412,
    powerFactorPercent: 97,
    basicCharge: 66760,
    energyCharge: 420312.5,
    penalty: 0,
    powerFactorAdjustment: -7306.09,
    total: 479766.41,
  },
  adminBillRemove: { ...ADMIN_EXAMPLE_ENVELOPE, billId: 3 },
  adminBillImport: {
    ...ADMIN_EXAMPLE_ENVELOPE,
    csv: 'accountNumber,periodFrom,periodTo,total\n01-2345-6789-0,2026-10-15,2026-11-14,479766.41\n',
  },
  adminScheduledReportGet: ADMIN_EXAMPLE_ENVELOPE,
  adminScheduledReportUpdate: {
    ...ADMIN_EXAMPLE_ENVELOPE,
    kind: 'weekly',
    enabled: true,
    receivers: ['plant.manager@example.com'],
  },
  adminScheduledReportSendNow: { ...ADMIN_EXAMPLE_ENVELOPE, kind: 'monthly' },
};
