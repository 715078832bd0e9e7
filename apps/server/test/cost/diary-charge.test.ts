import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthOf } from '../../src/modules/monitor/calc/time-range.ts';
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

  const query = (contractCapacityKw: number | null) => ({
    factoryId,
    rootId,
    month: monthOf(NOW, clock),
    now: NOW,
    clock,
    contractCapacityKw,
  });
  const blocks = [
    { start: Date.parse('2026-07-15T09:00:00+08:00'), kw: 790 },
    { start: Date.parse('2026-07-15T09:15:00+08:00'), kw: 820 },
  ];

  it("prices the raised penalty with the factory's tariff (summer basic rate 223.60)", async () => {
    const entries = await demandChargeDiary(t.db, query(800), blocks, 795);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'demandChargeRaised',
      status: 'alarm',
      nodeId: rootId,
      time: '2026-07-15T01:30:00.000Z',
    });
    // 20 kW over 800, all within 10 %: 20 × 2 × 223.6
    expect(entries[0]!.description).toContain('rises from TWD 0.00 to TWD 8,944.00');
    expect(entries[0]!.descriptionZh).toContain('超約附加費由 TWD 0.00 增為 TWD 8,944.00');
  });

  it('stays silent without a contract capacity or without a tariff', async () => {
    expect(await demandChargeDiary(t.db, query(null), blocks, 795)).toEqual([]);
    await t.db.query('DELETE FROM tariff_versions WHERE factory_id = $1', [factoryId]);
    expect(await demandChargeDiary(t.db, query(800), blocks, 795)).toEqual([]);
  });
});
