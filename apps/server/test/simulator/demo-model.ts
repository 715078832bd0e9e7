import { DEMO_TREE, type DemoNode } from '../../src/modules/demo/demo-factory.ts';
import {
  buildSimModel,
  type SimModel,
  type SimNodeRow,
} from '../../src/modules/simulator/model.ts';
import type { SimNode } from '../../src/modules/simulator/model.ts';

export const TEST_SEED = 20_260_321;

/** The demo tree as database rows, ids in seed order (as on a fresh database). */
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

export function demoModel(timeZone = 'Asia/Taipei', seed = TEST_SEED): SimModel {
  return buildSimModel(demoRows(), timeZone, seed);
}

export function nodeNamed(model: SimModel, name: string): SimNode {
  const node = model.nodes.find((candidate) => candidate.name === name);
  if (!node) throw new Error(`no simulated node named ${name}`);
  return node;
}
