import type { Wiring } from '@wattboard/contract';
import { loadProfile, type LoadProfile } from './load-kinds.ts';
import { unit } from './random.ts';

/** A node as stored, as much as the simulator needs of it. */
export interface SimNodeRow {
  id: number;
  parentId: number | null;
  type: string;
  name: string;
  serial: string | null;
  wiring: Wiring | null;
  hasReverseKwh: boolean;
}

/** A metered node (smart meter or circuit) the simulator produces readings for. */
export interface SimNode {
  id: number;
  serial: string;
  name: string;
  wiring: Wiring;
  /** How it draws power when it has no metered children of its own. */
  load: LoadProfile;
  /** Metered direct children: a meter reads their sum plus a small unmetered load. */
  children: SimNode[];
  /** Position among its parent's metered children (single-phase circuits alternate phases). */
  position: number;
  /** Metered ancestors: switching one off switches this off too. */
  ancestorIds: number[];
  /** Whether its energy can flow backwards (solar), so it reports a reverse counter. */
  canExport: boolean;
  /** Sum of the ratings beneath it (or its own): a panel's temperature follows its load. */
  ratedKw: number;
  /** Initial cumulative counters of a new meter, kWh (meters were installed years ago). */
  initialForwardKwh: number;
  initialReverseKwh: number;
  /**
   * Initial lagging kvarh counter (issue #24); null for a node without one. The
   * 3-phase smart meters have it, circuits and single-phase meters do not (so the
   * demo also shows points whose power factor is unknown).
   */
  initialKvarh: number | null;
  /** Position in SimModel.nodes. */
  index: number;
}

export interface SimModel {
  timeZone: string;
  seed: number;
  /** Children before their meter, so a meter can sum what was just computed. */
  nodes: SimNode[];
}

const THREE_PHASE: ReadonlySet<Wiring> = new Set<Wiring>(['a,b,c', 'ab,bc,ca']);

const isMetered = (row: SimNodeRow): row is SimNodeRow & { serial: string; wiring: Wiring } =>
  row.type !== 'virtual' && row.serial !== null && row.wiring !== null;

/**
 * The simulator's view of a factory: its metered nodes in dependency order.
 * Virtual nodes produce no readings (the pipeline sums their children).
 */
export function buildSimModel(
  rows: readonly SimNodeRow[],
  timeZone: string,
  seed: number,
): SimModel {
  const byParent = new Map<number | null, SimNodeRow[]>();
  for (const row of rows) {
    const siblings = byParent.get(row.parentId) ?? [];
    siblings.push(row);
    byParent.set(row.parentId, siblings);
  }
  for (const siblings of byParent.values()) siblings.sort((a, b) => a.id - b.id);

  const nodes: SimNode[] = [];
  const visit = (row: SimNodeRow, ancestorIds: number[], position: number): SimNode | null => {
    const metered = isMetered(row);
    const below = metered ? [...ancestorIds, row.id] : ancestorIds;
    const children: SimNode[] = [];
    for (const child of byParent.get(row.id) ?? []) {
      const built = visit(child, below, children.length);
      if (built && metered) children.push(built);
    }
    if (!metered) return null;
    const load = loadProfile(row.name, row.serial, seed);
    const initialForwardKwh = Math.round(10_000 + 90_000 * unit(load.key, 60));
    const reactive = row.type === 'smartMeter' && THREE_PHASE.has(row.wiring);
    const node: SimNode = {
      id: row.id,
      serial: row.serial,
      name: row.name,
      wiring: row.wiring,
      load,
      children,
      position,
      ancestorIds,
      canExport: row.hasReverseKwh || children.some((child) => child.canExport),
      ratedKw: children.length > 0 ? children.reduce((sum, c) => sum + c.ratedKw, 0) : load.ratedKw,
      initialForwardKwh,
      initialReverseKwh: 0,
      // Years at a power factor near 0.9: about 0.45 kvarh per kWh so far.
      initialKvarh: reactive
        ? Math.round(initialForwardKwh * (0.4 + 0.1 * unit(load.key, 62)))
        : null,
      index: nodes.length,
    };
    if (node.canExport) node.initialReverseKwh = Math.round(2_000 + 20_000 * unit(load.key, 61));
    nodes.push(node);
    return node;
  };
  const ids = new Set(rows.map((row) => row.id));
  const roots = rows.filter((row) => row.parentId === null || !ids.has(row.parentId));
  roots.sort((a, b) => a.id - b.id);
  for (const root of roots) visit(root, [], 0);
  return { timeZone, seed, nodes };
}
