import type { TreeNode } from '../../factory/index.ts';
import type { EventDraft } from '../../alarms/index.ts';
import { allowedKw, type AnomalyChange, type AnomalyRule } from './detect.ts';
import { anomalyTexts } from './texts.ts';

/** Anomaly events use this alarm target: one open event per point, as for every target. */
export const ANOMALY_TARGET = 'anomaly';

const round3 = (value: number) => Math.round(value * 1000) / 1000;

/**
 * The event an opening makes: its words, the quarter's kW as the value and
 * the band it left (typical kW ± the allowed distance) as the limits.
 */
export function anomalyDraft(
  node: Pick<TreeNode, 'id' | 'name' | 'chName'>,
  open: Extract<AnomalyChange, { type: 'open' }>,
  rule: AnomalyRule,
  since: string,
  now: Date,
): EventDraft {
  const allowed = allowedKw(open.baselineKw, rule);
  return {
    nodeId: node.id,
    target: ANOMALY_TARGET,
    kind: 'anomaly',
    texts: anomalyTexts({
      node,
      direction: open.direction,
      kw: open.kw,
      baselineKw: open.baselineKw,
      since,
    }),
    value: round3(open.kw),
    limits: { low: round3(open.baselineKw - allowed), high: round3(open.baselineKw + allowed) },
    openedAt: now,
    lastBreachAt: new Date(Math.min(open.at, now.getTime())),
  };
}
