import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_MESSAGES,
  adminBillingPointAdviceResponse,
  adminTariffResponse,
  costNodeResponse,
  costSummaryResponse,
  DEFAULT_TARIFF,
  taipowerTariff,
  type TariffDefinition,
} from '@wattboard/contract';
import { backends } from '../helpers/backends.ts';
import { ADMIN, DEMO, signInAs } from '../helpers/test-app.ts';
import { call, createNode, type Session } from '../monitor/monitor-app.ts';
import {
  demoRoot,
  NODE_COST,
  startCostApp,
  SUMMARY,
  TARIFF_GET,
  TARIFF_UPDATE,
  writeQuarters,
  type CostTestApp,
} from './cost-app.ts';

const FOLLOW = '/v1/Admin/Tariff/FollowFactory';
const SAVE_POINT = '/v1/Admin/BillingPoint/Save';
const ADVICE = '/v1/Admin/BillingPoint/Advice';
const REMOVE_POINT = '/v1/Admin/BillingPoint/Remove';

/** Thu 2026-12-10 10:07 in Taipei. */
const NOW = new Date('2026-12-10T02:07:00Z');
const taipei = (local: string) => Date.parse(`${local}+08:00`);

/** The default with every energy rate `rate`: a cost is then kWh × rate, whatever the period. */
const flat = (rate: number, contractRates = true): TariffDefinition => ({
  ...DEFAULT_TARIFF,
  name: `Flat ${rate}`,
  nameZh: `單一 ${rate}`,
  days: DEFAULT_TARIFF.days.map((day) => ({
    ...day,
    rates: { peak: rate, halfPeak: rate, saturdayHalfPeak: rate, offPeak: rate },
  })),
  ...(contractRates ? {} : { contractBasicRates: null }),
});

describe.each(backends)('a tariff per billing point on %s', (backend) => {
  let t: CostTestApp;
  let user: Session;
  let admin: Session;
  let factoryId: number;
  let rootId: number;
  let office: number;
  let officeCircuit: number;

  const tariff = async (body: Record<string, unknown> = {}) =>
    (await call(t.app, admin, TARIFF_GET, body)).json();
  const summary = async () =>
    costSummaryResponse.parse((await call(t.app, user, SUMMARY, {})).json());
  const officeBill = async () => (await summary()).billingPoints.find((p) => p.nodeId === office);
  const dayCost = async (deviceId: number) =>
    costNodeResponse.parse(
      (
        await call(t.app, user, NODE_COST, {
          deviceId,
          startDate: '2026-12-08',
          endDate: '2026-12-08',
          interval: 'day',
        })
      ).json(),
    ).totalCost;

  beforeAll(async () => {
    t = await startCostApp(backend, NOW);
    ({ factoryId, rootId } = await demoRoot(t.db));
    office = await createNode(t.db, factoryId, {
      parentId: null,
      type: 'virtual',
      chName: '辦公大樓',
      name: 'Office building',
      sortOrder: 100,
    });
    officeCircuit = await createNode(t.db, factoryId, {
      parentId: office,
      type: 'smartMeter',
      chName: '辦公空調',
      name: 'Office HVAC',
      wiring: 'a,b,c',
      serial: 'PT-HVAC',
      sortOrder: 0,
    });
    // 1 kWh a quarter at the supply and 0.5 at its circuit, from 2026-10-15 (its reading day):
    // one complete billing period before this one, for the advice.
    const from = taipei('2026-10-15T00:00:00');
    const to = taipei('2026-12-10T10:15:00');
    await writeQuarters(t.db, factoryId, office, from, to, () => ({ kwh: 1, kw: 4 }));
    await writeQuarters(t.db, factoryId, officeCircuit, from, to, () => ({ kwh: 0.5, kw: 2 }));
    user = await signInAs(t.app, DEMO);
    admin = await signInAs(t.app, ADMIN);
  });
  afterAll(() => t.close());

  it("answers the factory's tariff, and refuses a node that is not a billing point", async () => {
    const factory = adminTariffResponse.parse(await tariff());
    expect(factory).toMatchObject({ nodeId: null, ownTariff: false });
    expect(factory.points).toEqual([expect.objectContaining({ nodeId: rootId, main: true })]);
    expect(await tariff({ nodeId: office })).toMatchObject({
      statusCode: 201,
      message: ADMIN_MESSAGES.notBillingPoint,
    });
    expect((await tariff({ nodeId: 999_999 })).statusCode).toBe(1009);
    // An id past what the database holds is bad input, named.
    const huge = await call(t.app, admin, FOLLOW, { nodeId: 2 ** 31 });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toMatch(/nodeId/);
    const saveOnNode = (
      await call(t.app, admin, TARIFF_UPDATE, {
        nodeId: officeCircuit,
        validFrom: '2026-01-01',
        tariff: flat(3),
      })
    ).json();
    expect(saveOnNode).toMatchObject({ statusCode: 201, message: ADMIN_MESSAGES.notBillingPoint });
    const stored = await t.db.query('SELECT id FROM tariff_versions WHERE node_id IS NOT NULL');
    expect(stored).toHaveLength(0);
  });

  it("prices a point, and the nodes under it, by the point's own tariff once it has one", async () => {
    await call(t.app, admin, SAVE_POINT, {
      nodeId: office,
      contractCapacityKw: 200,
      meterReadingDay: 15,
    });
    const follows = adminTariffResponse.parse(await tariff({ nodeId: office }));
    const factoryVersions = adminTariffResponse.parse(await tariff()).versions;
    expect(follows).toMatchObject({ nodeId: office, ownTariff: false });
    expect(follows.versions).toEqual(factoryVersions);
    const before = await summary();
    const mainBefore = before.billingPoints[0]!;
    const rootDay = await dayCost(rootId);

    const saved = adminTariffResponse.parse(
      (
        await call(t.app, admin, TARIFF_UPDATE, {
          nodeId: office,
          validFrom: '2026-01-01',
          tariff: flat(3),
        })
      ).json(),
    );
    expect(saved).toMatchObject({ nodeId: office, ownTariff: true });
    expect(saved.versions.map((v) => v.tariff.name)).toEqual(['Flat 3']);
    expect(saved.current?.tariff.name).toBe('Flat 3');
    expect(saved.points.map((p) => [p.nodeId, p.main, p.ownTariff])).toEqual([
      [rootId, true, false],
      [office, false, true],
    ]);

    // 25 days of 96 quarters and today's 41, at NT$3 whatever the period.
    expect((await officeBill())!.energyCost).toBe((25 * 96 + 41) * 3);
    // The circuit under the office follows it; the main point and its nodes keep the factory's.
    expect(await dayCost(officeCircuit)).toBe(96 * 0.5 * 3);
    expect(await dayCost(rootId)).toBe(rootDay);
    const after = await summary();
    expect(after.billingPoints[0]).toEqual(mainBefore);
    expect(after.tariff?.name).toBe(before.tariff?.name);
    expect(adminTariffResponse.parse(await tariff()).versions).toEqual(factoryVersions);
    // The main point's node names the factory's tariff.
    expect(adminTariffResponse.parse(await tariff({ nodeId: rootId }))).toMatchObject({
      nodeId: rootId,
      ownTariff: false,
      versions: factoryVersions,
    });
  });

  it('checks a point’s other contract types against its own tariff', async () => {
    await call(t.app, admin, TARIFF_UPDATE, {
      nodeId: office,
      validFrom: '2026-06-01',
      tariff: flat(3, false),
    });
    const refused = (
      await call(t.app, admin, SAVE_POINT, {
        nodeId: office,
        contractCapacityKw: 200,
        otherContractsKw: { offPeak: 50 },
        meterReadingDay: 15,
      })
    ).json();
    expect(refused).toMatchObject({
      statusCode: 201,
      message: ADMIN_MESSAGES.otherContractsNotInTariff,
    });
    // The advice follows the point's own tariff too: without contract-type rates, regular only.
    const advice = adminBillingPointAdviceResponse.parse(
      (await call(t.app, admin, ADVICE, { nodeId: office })).json(),
    );
    expect(advice.periods).toHaveLength(1);
    expect(advice.contractTypes).toEqual(['regular']);
    expect(advice.installedContract).toBe(false);

    // A low-voltage installed-capacity table: charged on installed kW, never over: no advice.
    const installed = taipowerTariff('lv-2stage-installed@2025-10-01')!.tariff;
    await call(t.app, admin, TARIFF_UPDATE, {
      nodeId: office,
      validFrom: '2026-09-01',
      tariff: installed,
    });
    const none = adminBillingPointAdviceResponse.parse(
      (await call(t.app, admin, ADVICE, { nodeId: office })).json(),
    );
    expect(none).toMatchObject({
      installedContract: true,
      best: null,
      bestCombination: null,
      yearlySaving: null,
    });
  });

  it("follows the factory's tariff again, and a removed point's own tariff goes with it", async () => {
    const back = adminTariffResponse.parse(
      (await call(t.app, admin, FOLLOW, { nodeId: office })).json(),
    );
    expect(back).toMatchObject({ nodeId: office, ownTariff: false });
    const priced = await officeBill();
    expect(priced!.energyCost).not.toBe((25 * 96 + 41) * 3);
    expect(await dayCost(officeCircuit)).not.toBe(96 * 0.5 * 3);
    // The factory's tariff prints every contract type's rate: the advice offers them again.
    const advice = adminBillingPointAdviceResponse.parse(
      (await call(t.app, admin, ADVICE, { nodeId: office })).json(),
    );
    expect(advice.contractTypes).toContain('offPeak');
    const main = (await call(t.app, admin, FOLLOW, { nodeId: rootId })).json();
    expect(adminTariffResponse.parse(main).ownTariff).toBe(false);

    await call(t.app, admin, TARIFF_UPDATE, {
      nodeId: office,
      validFrom: '2026-01-01',
      tariff: flat(4),
    });
    await call(t.app, admin, REMOVE_POINT, { nodeId: office });
    const left = await t.db.query('SELECT id FROM tariff_versions WHERE node_id = $1', [office]);
    expect(left).toHaveLength(0);
    await call(t.app, admin, SAVE_POINT, {
      nodeId: office,
      contractCapacityKw: null,
      meterReadingDay: 15,
    });
    expect(adminTariffResponse.parse(await tariff({ nodeId: office })).ownTariff).toBe(false);

    const audit = await t.db.query<{ action: string }>(
      "SELECT action FROM audit_log WHERE factory_id = $1 AND action LIKE 'tariff.%' ORDER BY id",
      [factoryId],
    );
    expect(audit.map((r) => r.action)).toEqual([
      'tariff.add',
      'tariff.add',
      'tariff.add',
      'tariff.follow-factory',
      'tariff.add',
    ]);
  });
});
