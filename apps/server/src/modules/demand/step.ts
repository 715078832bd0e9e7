import type { FastifyBaseLogger } from 'fastify';
import { upsertNodeEvents, queueNewEventMail } from '../alarms/index.ts';
import type { Db } from '../../platform/db/db.ts';
import {
  blockStartOf,
  predictBlock,
  recentRate,
  withoutShedLoads,
  type BlockPrediction,
} from './calc/predict.ts';
import { shedSettings, shedStep, type ActiveShed, type ShedDecision } from './calc/shed.ts';
import { QUARTER_MS } from '@wattboard/zone-time';
import { demandWarningTexts } from './calc/texts.ts';
import { demandWarningPlan } from './calc/warning-plan.ts';
import type { EventRow } from '../hub/index.ts';
import { rootCounters, shedCircuitCounters } from './repo/counters.ts';
import { contractCapacity, loadDemandSettings } from './repo/settings.ts';
import { DEMAND_EVENT_TARGET, warnCapacityNodes, type NodeDemand } from './node-step.ts';
import {
  changedByPerson,
  recordShedStep,
  shedCandidates,
  shedState,
  storePrediction,
} from './repo/sheds.ts';

export { DEMAND_EVENT_TARGET } from './node-step.ts';

export interface DemandStepDeps {
  db: Db;
  log: FastifyBaseLogger;
  /** After the commit: wake the mail worker and push AlertReceived (alarms' announceNewEvents). */
  announce: (factoryId: number, rows: EventRow[]) => Promise<void>;
}

export interface DemandRun {
  prediction: BlockPrediction | null;
  targetKw: number | null;
  decision: ShedDecision | null;
  /** Nodes with their own capacity: predicted and warned, never shed. */
  nodes: NodeDemand[];
}

/** The shed channels with their circuit's share of the recent rate, where it is measured. */
async function shedShares(db: Db, factoryId: number, active: readonly ActiveShed[], now: number) {
  if (active.length === 0) return [];
  const counters = await shedCircuitCounters(
    db,
    factoryId,
    active.map((shed) => shed.channelId),
    blockStartOf(now) - QUARTER_MS,
    now,
  );
  return active.map((shed) => {
    const circuit = counters.get(shed.channelId);
    if (circuit?.shared) return { ...shed, recentKw: 0 };
    // No readings in the window (no node, an unmetered relay): its kW when shed stands in.
    if (!circuit || circuit.points.length === 0) return { ...shed, recentKw: null };
    return { ...shed, recentKw: recentRate(circuit.points, now) };
  });
}

/**
 * One minute of demand management for a factory (run by Control's scheduler
 * under the factory's lease, before it decides the channels): predict the
 * block, warn when over the target, decide and store this minute's shedding
 * steps. Returns the channels shed now, which the scheduler holds off.
 */
export async function runDemandStep(
  deps: DemandStepDeps,
  factoryId: number,
  now: number,
): Promise<DemandRun> {
  const { db } = deps;
  const stored = await loadDemandSettings(db, factoryId);
  const nodeRun = await warnCapacityNodes(db, factoryId, now, stored.targetPercent);
  await deps.announce(factoryId, nodeRun.opened);
  const capacity = await contractCapacity(db, factoryId);
  const state = await shedState(db, factoryId);
  if (capacity === null && state.active.length === 0) {
    return { prediction: null, targetKw: null, decision: null, nodes: nodeRun.nodes };
  }
  const settings = shedSettings(stored, capacity ?? 1);
  if (capacity === null) settings.autoShed = false; // no capacity, no target: give channels back

  const { rootId, members } = await rootCounters(db, factoryId, blockStartOf(now), now);
  const raw = predictBlock(members, now);
  const prediction =
    raw && withoutShedLoads(raw, await shedShares(db, factoryId, state.active, now), now);
  const candidates = await shedCandidates(db, factoryId);
  const personChanged = await changedByPerson(db, factoryId, state.active);
  const decision = shedStep({
    now,
    predictedKw: prediction?.predictedKw ?? null,
    settings,
    candidates,
    active: state.active,
    lastStepAt: state.lastStepAt,
    personChanged,
  });

  const opened = await db.transaction(async (tx) => {
    const ctx = {
      factoryId,
      now,
      predictedKw: prediction?.predictedKw ?? 0,
      targetKw: settings.targetKw,
    };
    for (const step of decision.steps) await recordShedStep(tx, step, ctx);
    if (prediction) await storePrediction(tx, factoryId, prediction, settings.targetKw, now);
    if (!decision.over || !prediction || rootId === null || capacity === null) return [];
    // What the people warned can still do in this block, and what shedding will do (issue #28).
    const plan = demandWarningPlan({
      now,
      blockStart: prediction.blockStart,
      predictedKw: prediction.predictedKw,
      targetKw: settings.targetKw,
      autoShed: settings.autoShed,
      candidates,
      active: state.active.filter((shed) => decision.shedIds.includes(shed.channelId)),
      minOffMs: settings.minOffMs,
    });
    const [event] = await upsertNodeEvents(tx, factoryId, [
      {
        nodeId: rootId,
        target: DEMAND_EVENT_TARGET,
        kind: 'demand',
        texts: demandWarningTexts(prediction.predictedKw, settings.targetKw, capacity, plan),
        value: prediction.predictedKw,
        limits: { low: null, high: settings.targetKw },
        openedAt: new Date(now),
        lastBreachAt: new Date(now),
      },
    ]);
    const rows = event?.opened ? [event.row] : [];
    await queueNewEventMail(tx, rows);
    return rows;
  });
  if (decision.steps.length > 0) {
    deps.log.info(
      { factoryId, steps: decision.steps, predictedKw: prediction?.predictedKw },
      'demand: shedding steps',
    );
  }
  await deps.announce(factoryId, opened);
  return { prediction, targetKw: settings.targetKw, decision, nodes: nodeRun.nodes };
}
