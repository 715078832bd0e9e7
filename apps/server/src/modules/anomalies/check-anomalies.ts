/**
 * The anomaly look (decision 0082): for every factory that watches for
 * anomalies, each measured point with nothing under it (as the waste finder
 * judges) has its complete quarters since its last look judged against its
 * typical day; an opening becomes an event like any alarm (mail, webhooks,
 * AlertReceived, the diary), in the transaction that stores the new states.
 */
import type { FastifyInstance } from 'fastify';
import { addDays, QUARTER_MS, ZoneClock } from '@wattboard/zone-time';
import {
  announceNewEvents,
  factoryLocalMinute,
  queueNewEventMail,
  upsertNodeEvents,
  type EventDraft,
} from '../alarms/index.ts';
import { quarterRollups } from '../baseline/index.ts';
import type { EventRow } from '../hub/index.ts';
import { activeTreeNodes, type TreeNode } from '../factory/index.ts';
import { leafPoints } from '../waste/index.ts';
import { freshState, judgeQuarters, type AnomalyChange, type AnomalyState } from './calc/detect.ts';
import { anomalyDraft } from './calc/draft.ts';
import { completeTo, judgedQuarters, judgingFrom } from './calc/quarters.ts';
import { anomalyFactories, latestReadingTimes, type AnomalyFactory } from './repo/factories.ts';
import { loadAnomalyStates, lockFactoryAnomalies, saveAnomalyStates } from './repo/state.ts';
import type { TypicalDays } from './typical-days.ts';

interface Judged {
  node: TreeNode;
  /** The state the judging started from (undefined: never judged). */
  before: AnomalyState | undefined;
  state: AnomalyState;
  changes: AnomalyChange[];
}

/** Judges every watching factory at `now`; returns how many events it opened. */
export async function checkAnomalies(
  app: FastifyInstance,
  typical: TypicalDays,
  now: Date,
): Promise<number> {
  let opened = 0;
  for (const factory of await anomalyFactories(app.db)) {
    opened += await checkFactory(app, typical, factory, now);
  }
  typical.forgetBefore(addDays(now.toISOString().slice(0, 10), -2));
  return opened;
}

async function judgePoint(
  app: FastifyInstance,
  typical: TypicalDays,
  factory: AnomalyFactory,
  clock: ZoneClock,
  window: { from: number; to: number },
  before: AnomalyState | undefined,
  node: TreeNode,
): Promise<Judged | null> {
  const start = before ?? freshState(window.from);
  const from = Math.max(start.judgedTo, window.from);
  if (window.to <= from) return null;
  const range = { from, to: window.to };
  const rows = await quarterRollups(app.db, factory.factoryId, node.id, range);
  const dates = new Set<string>();
  for (let t = from; t < window.to; t += QUARTER_MS) dates.add(clock.localParts(t).date);
  const point = { factoryId: factory.factoryId, nodeId: node.id };
  const profiles = await typical.profiles(app.db, point, clock, [...dates]);
  const typicalKwAt = (instant: number) => {
    const { date, minuteOfDay } = clock.localParts(instant);
    return profiles.get(date)?.get(minuteOfDay - (minuteOfDay % 15)) ?? null;
  };
  const judged = judgeQuarters(start, judgedQuarters(rows, range, typicalKwAt), factory.rule);
  return { node, before, ...judged };
}

async function checkFactory(
  app: FastifyInstance,
  typical: TypicalDays,
  factory: AnomalyFactory,
  now: Date,
): Promise<number> {
  const { factoryId, rule } = factory;
  const clock = new ZoneClock(factory.timeZone);
  const nodes = leafPoints(await activeTreeNodes(app.db, factoryId));
  const ids = nodes.map((node) => node.id);
  if (ids.length === 0) return 0;
  const [latest, states] = await Promise.all([
    latestReadingTimes(app.db, factoryId, ids),
    loadAnomalyStates(app.db, factoryId, ids),
  ]);
  const from = judgingFrom(now.getTime(), rule.minutes);
  const judged: Judged[] = [];
  for (const node of nodes) {
    const newest = latest.get(node.id);
    if (newest === undefined) continue;
    const window = { from, to: completeTo(newest, now.getTime()) };
    const result = await judgePoint(
      app,
      typical,
      factory,
      clock,
      window,
      states.get(node.id),
      node,
    );
    if (result) judged.push(result);
  }
  if (judged.length === 0) return 0;

  const rows: EventRow[] = await app.db.transaction(async (tx) => {
    await lockFactoryAnomalies(tx, factoryId);
    const current = await loadAnomalyStates(tx, factoryId, ids);
    // Another instance judged a point meanwhile: its judging stands, not a second one.
    const mine = judged.filter((j) => current.get(j.node.id)?.judgedTo === j.before?.judgedTo);
    await saveAnomalyStates(tx, factoryId, new Map(mine.map((j) => [j.node.id, j.state])));
    const drafts = mine.flatMap((j): EventDraft[] => {
      // Several looks' worth at once (a slow look): the latest opening stands for the batch.
      const open = j.changes.findLast((change) => change.type === 'open');
      if (!open || open.type !== 'open') return [];
      const since = factoryLocalMinute(new Date(open.since), factory.timeZone);
      return [anomalyDraft(j.node, open, rule, since, now)];
    });
    const events = await upsertNodeEvents(tx, factoryId, drafts);
    const newRows = events.filter((event) => event.opened).map((event) => event.row);
    await queueNewEventMail(tx, newRows);
    return newRows;
  });
  await announceNewEvents(app, factoryId, rows);
  return rows.length;
}
