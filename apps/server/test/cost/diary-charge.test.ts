import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZoneClock } from '@wattboard/zone-time';
import { demandChargeDiary } from '../../src/modules/cost/repo/diary-charge.ts';
import { backends } from '../helpers/backends.ts';
import { demoRoot, startCostApp, type CostTestApp } from './cost-app.ts';

const NOW = Date.parse('2026-07-15T11:00:00+08:00'); // a summer Wednesday
const clock = new ZoneClock('Asia/Taipei');

describe.each(backends)("the power diary's demand-charge entries on %s", (backend) => {
  let t: CostTestApp;
  let factoryId: number;
  let rootId: number;

  beforeAll(async () => {
    t = await startCostApp(backend, new Date(NOW));
    ({ factoryId, rootId } = await demoRoot(t.db));
  });
  afterAll(() => t.close());

  const day = { from: clock.startOfDay('2026-07-15'), to: clock.startOfDay('2026-07-16') };
  const query = () => ({ factoryId, rootId, day, clock });
  const setCapacity = (kw: number | null) =>
    t.db.query('UPDATE factories SET contract_capacity_kw = $2 WHERE id = $1', [factoryId, kw]);
  const blocks = [
    { start: Date.parse('2026-07-15T09:00:00+08:00'), kw: 790 },
    { start: Date.parse('2026-07-15T09:15:00+08:00'), kw: 820 },
  ];

  it("prices the raised charge with the factory's tariff (summer half-peak rate 166.90)", async () => {
    await setCapacity(800);
    const entries = await demandChargeDiary(t.db, query(), blocks);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'demandChargeRaised',
      status: 'alarm',
      nodeId: rootId,
      time: '2026-07-15T01:30:00.000Z',
    });
    // 09:15 on a summer weekday is half-peak: 20 kW over 800, all within 10 %, at the
    // half-peak contract's rate: 20 × 2 × 166.9.
    expect(entries[0]!.description).toContain('rises from TWD 0.00 to TWD 6,676.00');
    expect(entries[0]!.descriptionZh).toContain('超約附加費由 TWD 0.00 增為 TWD 6,676.00');
  });

  it('stays silent without a contract capacity or without a tariff', async () => {
    await setCapacity(null);
    expect(await demandChargeDiary(t.db, query(), blocks)).toEqual([]);
    await setCapacity(800);
    await t.db.query('DELETE FROM tariff_versions WHERE factory_id = $1', [factoryId]);
    expect(await demandChargeDiary(t.db, query(), blocks)).toEqual([]);
  });
});
