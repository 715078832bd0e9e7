import { creepFindings } from './creep.ts';
import { episodeFindings } from './episodes.ts';
import { pointView, type FinderContext, type PointInput } from './point-view.ts';
import { mergeEpisodes, rankFindings } from './rank.ts';
import { standbyFinding } from './standby.ts';
import type { WasteFinding } from './types.ts';

export interface FindOptions {
  /** Only findings still running at or after this instant; the series before is history. */
  from?: number;
  /** Report standby (the steady off-hours draw) too; on by default. */
  standby?: boolean;
}

/** A point's waste, each kind found on its own, episodes merged, most kWh per week first. */
export function findPointWaste(
  input: PointInput,
  context: FinderContext,
  options: FindOptions = {},
): WasteFinding[] {
  const view = pointView(input, context);
  if (!view) return [];
  const standby = options.standby === false ? null : standbyFinding(view);
  const findings = [
    ...mergeEpisodes(episodeFindings(view)),
    ...creepFindings(view),
    ...(standby ? [standby] : []),
  ];
  const from = options.from ?? -Infinity;
  return rankFindings(findings.filter((finding) => finding.end > from));
}

/** Every point's waste in one ranking. */
export function findWasteIn(
  points: readonly PointInput[],
  context: FinderContext,
  options: FindOptions = {},
): WasteFinding[] {
  return rankFindings(points.flatMap((point) => findPointWaste(point, context, options)));
}
