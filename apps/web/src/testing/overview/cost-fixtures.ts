import { billingPointBill as billSchema, costSummaryResponse } from '@wattboard/contract';
import type { BillingPointBill, CostSummaryResponse } from '@wattboard/contract';
import { envelope } from '@/testing/network';

/** Test-only: the demo factory's cost summary, parsed with the contract so it cannot drift. */

const EMAIL = 'demo@wattboard.local';

type Month = CostSummaryResponse['month'];

/**
 * One billing point's bill: the main supply's, billed by the calendar month,
 * unless told; parsed, so fields the contract adds with a default are filled.
 */
export function billingPointBill(overrides: Partial<BillingPointBill> = {}): BillingPointBill {
  return billSchema.parse({
    nodeId: 7,
    chName: '總進線',
    name: 'Incoming supply',
    main: true,
    periodFrom: '2026-11-01',
    periodTo: '2026-11-30',
    kwh: 30500,
    energyCost: 98765.4,
    peakDemandKw: 655,
    peakDemandAt: '2026-11-12T15:15:00+08:00',
    contractCapacityKw: 800,
    basicCharge: 188960,
    penalty: 0,
    total: 287725.4,
    projectedTotal: 331120,
    ...overrides,
  });
}

export function costSummaryBody({
  month = {},
  tariff = true,
  todayCost = 4821.37,
  billingPoints = [billingPointBill()],
}: {
  month?: Partial<Month>;
  tariff?: boolean;
  todayCost?: number | null;
  /** Each point's bill; the month's figures are not summed from them here. */
  billingPoints?: BillingPointBill[];
} = {}) {
  const body = {
    ...envelope(EMAIL, '/v1/Web/Cost/Summary'),
    currency: 'TWD',
    dtNowFactory: '2026-11-21T14:03:05+08:00',
    tariff: tariff
      ? {
          versionId: 1,
          name: 'Taipower high-voltage three-stage TOU (model)',
          nameZh: '台電高壓三段式時間電價（模型）',
          source: 'Taipower rate table',
          sourceValidFrom: '2025-10-01',
          validFrom: '2026-01-01',
          note: 'A model; check against your contract.',
        }
      : null,
    today: { kwh: 1234.5, cost: tariff ? todayCost : null },
    month: {
      month: '2026-11',
      periodFrom: '2026-11-01',
      periodTo: '2026-11-30',
      kwh: 30500,
      energyCost: tariff ? 98765.4 : null,
      peakDemandKw: 655,
      peakDemandAt: '2026-11-12T15:15:00+08:00',
      contractCapacityKw: 800,
      basicCharge: tariff ? 188960 : null,
      penalty: tariff ? 0 : null,
      total: tariff ? 287725.4 : null,
      projectedTotal: tariff ? 331120 : null,
      projectedDailyCost: tariff ? 4340.06 : null,
      projectionBasisDays: 7,
      ...month,
    },
    billingPoints,
  };
  costSummaryResponse.parse(body);
  return body;
}
