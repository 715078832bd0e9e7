import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminBillsResponse, costSummaryResponse, taipowerTariff } from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { ADMIN, DEMO, signInAs } from '../helpers/test-app.ts';
import { call, createNode, type Session } from '../monitor/monitor-app.ts';
import {
  demoRoot,
  startCostApp,
  SUMMARY,
  TARIFF_UPDATE,
  writeQuarters,
  type CostTestApp,
} from './cost-app.ts';

const SAVE_POINT = '/v1/Admin/BillingPoint/Save';
const ADVICE = '/v1/Admin/BillingPoint/Advice';
const BILL_SAVE = '/v1/Admin/Bill/Save';

/** Thu 2026-12-10 10:07 in Taipei: the reading period 2026-11-15..12-14 is non-summer. */
const NOW = new Date('2026-12-10T02:07:00Z');
const taipei = (local: string) => Date.parse(`${local}+08:00`);
const LV_3STAGE = taipowerTariff('lv-3stage@2025-10-01')!.tariff;

/**
 * A second supply on Taipower's low-voltage three-stage table of 2025-10-01
 * (T1 第四章 四(二)2, p.17), 3 kW regular contract, drawing 1 kWh a quarter
 * (4 kW) from its reading day, 2026-11-15 (a Sunday), to now. By hand:
 * - energy, non-summer: weekdays off-peak 00–06, 11–14 (36 quarters) at 2.12,
 *   half-peak 06–11, 14–24 (60) at 4.86; Saturdays the same hours, half-peak
 *   at 2.40; Sundays 96 off-peak. 25 whole days (18 weekdays, 3 Saturdays,
 *   4 Sundays) and today's 41 quarters (24 off-peak, 17 half-peak):
 *   18 × 367.92 + 3 × 220.32 + 4 × 203.52 + 133.50 = 8,231.10;
 * - basic: 3 kW × 173.20 + 262.50 per account = 782.10;
 * - over-contract: half-peak 4 kW against 3: 0.3 kW at 2×, 0.7 at 3× 173.20 =
 *   467.64; Saturday and off-peak less that 1 kW: nothing;
 * - total 9,480.84; with the industry coefficient 0.892 (081 meat processing,
 *   low-voltage power column, T1 附錄一) 8,456.90928 → 8,456.91.
 */
describe.each(backends)('a billing point on a low-voltage table on %s', (backend) => {
  let t: CostTestApp;
  let user: Session;
  let admin: Session;
  let supply: number;

  const bill = async () =>
    costSummaryResponse
      .parse((await call(t.app, user, SUMMARY, {})).json())
      .billingPoints.find((p) => p.nodeId === supply)!;
  const saveTariff = async (industry: { code: string; coefficient: number } | null) =>
    (
      await call(t.app, admin, TARIFF_UPDATE, {
        nodeId: supply,
        validFrom: '2025-10-01',
        tariff: { ...LV_3STAGE, industry },
      })
    ).json();

  beforeAll(async () => {
    t = await startCostApp(backend, NOW);
    const { factoryId } = await demoRoot(t.db);
    supply = await createNode(t.db, factoryId, {
      parentId: null,
      type: 'virtual',
      chName: '低壓',
      name: 'Low-voltage supply',
      sortOrder: 100,
    });
    const from = taipei('2026-11-15T00:00:00');
    const to = taipei('2026-12-10T10:15:00');
    await writeQuarters(t.db, factoryId, supply, from, to, () => ({ kwh: 1, kw: 4 }));
    user = await signInAs(t.app, DEMO);
    admin = await signInAs(t.app, ADMIN);
    const point = await call(t.app, admin, SAVE_POINT, {
      nodeId: supply,
      contractCapacityKw: 3,
      meterReadingDay: 15,
    });
    expect(point.json()).toMatchObject({ statusCode: 200 });
  });
  afterAll(() => t.close());

  it('prices energy, basic with the per-account charge, and the half-peak excess to the cent', async () => {
    expect(await saveTariff(null)).toMatchObject({ statusCode: 200, ownTariff: true });
    expect(await bill()).toMatchObject({
      periodFrom: '2026-11-15',
      periodTo: '2026-12-14',
      kwh: 25 * 96 + 41,
      energyCost: 8_231.1,
      basicCharge: 782.1,
      penalty: 467.64,
      powerFactorAdjustment: null,
      total: 9_480.84,
    });
  });

  it('advises from the low-voltage minimum contract, 1 kW (T1 p.50), not 100 kW', async () => {
    // No complete period yet: the minimum follows today's tariff.
    const advice = (await call(t.app, admin, ADVICE, { nodeId: supply })).json();
    expect(advice).toMatchObject({ statusCode: 200, minimumKw: 1, periods: [] });
  });

  it('multiplies the bill by the industry coefficient of the version', async () => {
    expect(await saveTariff({ code: '081', coefficient: 0.892 })).toMatchObject({
      statusCode: 200,
    });
    expect(await bill()).toMatchObject({
      energyCost: 8_231.1,
      basicCharge: 782.1,
      penalty: 467.64,
      total: 8_456.91,
    });
  });

  it('on a flat table, Admin › Bills has every kWh on the all-day line', async () => {
    const flat = taipowerTariff('lv-flat@2025-10-01')!.tariff;
    const saved = await call(t.app, admin, TARIFF_UPDATE, {
      nodeId: supply,
      validFrom: '2025-10-01',
      tariff: flat,
    });
    expect(saved.json()).toMatchObject({ statusCode: 200 });
    const period = { periodFrom: '2026-11-15', periodTo: '2026-12-14' };
    const body = adminBillsResponse.parse(
      (await call(t.app, admin, BILL_SAVE, { nodeId: supply, ...period, total: 10_000 })).json(),
    );
    const [ours] = body.bills;
    // 25 days of 96 kWh and today's 41 so far, all of them on the one line.
    expect(ours).toMatchObject({ ...period, allDay: true });
    expect(ours!.ours).toMatchObject({
      kwhPeak: 25 * 96 + 41,
      kwhHalfPeak: 0,
      kwhSaturdayHalfPeak: 0,
      kwhOffPeak: 0,
    });
  });
});
