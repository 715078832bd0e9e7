/**
 * The readings-feed listener: judges freshly stored readings against the
 * activated settings, opens or updates events, and keeps alarm_settings'
 * status. A handful of statements per batch, whatever its size.
 */
import type { FastifyInstance } from 'fastify';
import type { NormalizedReading } from '../rollups/index.ts';
import type { EventRow } from '../hub/index.ts';
import type { Queryable } from '../../platform/db/db.ts';
import { realTimeDemandBlocks, demandKey, loadBlockDemand } from '../monitor/index.ts';
import {
  evaluateBatch,
  demandKeys,
  type ActiveSetting,
  type SettingOutcome,
  type VirtualBlocks,
} from './evaluate.ts';
import { upsertNodeEvents, type EventDraft } from './repo/events.ts';
import { announceNewEvents, queueNewEventMail } from './new-events.ts';
import { isRecentReading } from './rules.ts';
import { loadActiveSettings, saveOutcomes } from './repo/settings.ts';
import { breachTexts } from './texts.ts';

/** The event a breached setting opens (or updates): the batch's latest breach. */
export function breachDraft(outcome: SettingOutcome): EventDraft | null {
  const { setting, breach } = outcome;
  if (!breach) return null;
  return {
    nodeId: setting.nodeId,
    target: setting.target,
    kind: 'threshold',
    texts: breachTexts({
      node: setting.node,
      target: setting.target,
      value: breach.value,
      limit: breach.limit,
      limitValue: breach.limitValue,
    }),
    value: breach.value,
    limits: setting.limits,
    openedAt: breach.firstAt,
    lastBreachAt: breach.lastAt,
  };
}

/** The real-time demand block of each virtual node with a demand setting (same rule as the page). */
function virtualDemandBlocks(
  tx: Queryable,
  factoryId: number,
  settings: readonly ActiveSetting[],
  now: Date,
): Promise<VirtualBlocks> {
  const ids = settings.flatMap((s) => (s.isVirtual && s.target === 'demand' ? [s.nodeId] : []));
  if (ids.length === 0) return Promise.resolve(new Map());
  return realTimeDemandBlocks(tx, factoryId, ids, now.getTime());
}

/**
 * Evaluates a stored batch. Only recent readings count (see
 * RECENT_READING_MS): the simulator's 90-day backfill and any old catch-up go
 * through the feed too, and history must neither open events nor send mail.
 * Returns the events it opened.
 */
export async function evaluateStoredReadings(
  app: FastifyInstance,
  factoryId: number,
  stored: readonly NormalizedReading[],
  now: Date = new Date(),
): Promise<EventRow[]> {
  const recent = stored.filter((reading) => isRecentReading(reading.ts, now));
  if (recent.length === 0) return [];
  const nodeIds = [...new Set(recent.map((reading) => reading.nodeId))];
  // Unlocked look first: most batches of most factories have nothing activated,
  // and they should not pay for a transaction.
  const candidates = await loadActiveSettings(app.db, factoryId, nodeIds);
  if (candidates.length === 0) return [];

  const opened = await app.db.transaction(async (tx) => {
    const settings = await loadActiveSettings(tx, factoryId, nodeIds, true);
    const virtualBlocks = await virtualDemandBlocks(tx, factoryId, settings, now);
    const demand = await loadBlockDemand(
      tx,
      factoryId,
      demandKeys(settings, recent, virtualBlocks),
    );
    const outcomes = evaluateBatch(
      settings,
      recent,
      (nodeId, blockStart) => demand.get(demandKey(nodeId, blockStart)),
      virtualBlocks,
    );
    const drafts = outcomes.flatMap((outcome) => breachDraft(outcome) ?? []);
    const events = await upsertNodeEvents(tx, factoryId, drafts);
    const newRows = events.filter((event) => event.opened).map((event) => event.row);
    await queueNewEventMail(tx, newRows);
    await saveOutcomes(tx, factoryId, outcomes);
    return newRows;
  });
  await announceNewEvents(app, factoryId, opened);
  return opened;
}
