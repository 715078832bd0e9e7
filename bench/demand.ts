// BENCH_PARTS=demand: the 15-minute demand prediction (issue #15) against recorded
// blocks of the simulator's demo factory. Minute readings of every meter for a few
// days are computed in memory (the simulator's own model and counters); for each
// block the prediction is made at minute 5, 10 and 14 from the readings up to then
// and compared with the block's actual demand (its energy / 0.25 h).
import { DEMO_TREE, type DemoNode } from '../apps/server/src/modules/demo/demo-factory.ts';
import { predictBlock, type CounterPoint } from '../apps/server/src/modules/demand/calc/predict.ts';
import { offCheck } from '../apps/server/src/modules/simulator/generator.ts';
import { simulateHistory } from '../apps/server/src/modules/simulator/history.ts';
import { buildSimModel, type SimNodeRow } from '../apps/server/src/modules/simulator/model.ts';
import { DEFAULT_SEED } from '../apps/server/src/modules/simulator/plugin.ts';
import { percentile } from './stats.ts';

const MIN = 60_000;
const QUARTER = 15 * MIN;

export function demoRows(): SimNodeRow[] {
  const rows: SimNodeRow[] = [];
  const visit = (node: DemoNode, parentId: number | null) => {
    const id = rows.length + 1;
    rows.push({
      id,
      parentId,
      type: node.type,
      name: node.name,
      serial: node.serial ?? null,
      wiring: node.wiring ?? null,
      hasReverseKwh: node.hasReverseKwh ?? false,
    });
    for (const child of node.children ?? []) visit(child, id);
  };
  visit(DEMO_TREE, null);
  return rows;
}

export interface DemandErrorRow {
  window: string;
  minute: number;
  blocks: number;
  meanAbsPct: number;
  p95AbsPct: number;
}

/**
 * Prediction error per recent-rate window and minute of the block, over `days`
 * of minute readings starting at a Monday 00:00 in Taipei.
 */
export function benchDemand(days: number, windowsMin: readonly number[]): DemandErrorRow[] {
  const model = buildSimModel(demoRows(), 'Asia/Taipei', DEFAULT_SEED);
  const start = Date.UTC(2026, 6, 12, 16, 0); // Mon 13 Jul 2026 00:00 Taipei: a hot week
  const times: number[] = [];
  for (let t = start; t <= start + days * 86_400_000; t += MIN) times.push(t);
  const history = simulateHistory(model, times, offCheck(new Set()));
  // The root's measured members are the meters (the tree's virtual nodes sum them).
  const meters = model.nodes.filter((node) => node.children.length > 0);
  const series: CounterPoint[][] = meters.map((meter) =>
    times.map((ts, i) => ({ ts, kwh: history.forward[i]![meter.index]! })),
  );
  const rows: DemandErrorRow[] = [];
  for (const windowMin of windowsMin) {
    for (const minute of [5, 10, 14]) {
      const errors: number[] = [];
      for (let block = start + QUARTER; block + QUARTER <= times.at(-1)!; block += QUARTER) {
        const at = block + minute * MIN + 3_000; // the tick runs 3 s after the minute
        const upTo = series.map((points) =>
          points.filter((p) => p.ts >= block - QUARTER && p.ts <= at),
        );
        const window = windowMin === 0 ? minute * MIN : windowMin * MIN;
        const predicted = predictBlock(upTo, at, window)?.predictedKw;
        const actualKwh = series.reduce((sum, points) => {
          const i0 = (block - start) / MIN;
          return sum + points[i0 + 15]!.kwh - points[i0]!.kwh;
        }, 0);
        const actual = actualKwh / 0.25;
        if (predicted === undefined || actual <= 0) continue;
        errors.push((Math.abs(predicted - actual) / actual) * 100);
      }
      rows.push({
        window: windowMin === 0 ? 'block so far' : `${windowMin} min`,
        minute,
        blocks: errors.length,
        meanAbsPct: errors.reduce((a, b) => a + b, 0) / errors.length,
        p95AbsPct: percentile(errors, 95),
      });
    }
  }
  return rows;
}
