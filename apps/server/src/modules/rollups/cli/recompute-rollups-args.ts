import { parseArgs } from 'node:util';
import { startOfLocalDate } from '../energy/index.ts';

/** What `rollups:recompute` was asked for, before the factory is looked up. */
export interface RecomputeArgs {
  /** A factory's slug or numeric id. */
  factory: string;
  /** One node (a virtual node stands for its measured members); all measured nodes when absent. */
  nodeId: number | null;
  from: string;
  to: string;
}

export const RECOMPUTE_USAGE = `Usage: npm run rollups:recompute -w @wattboard/server -- --factory <slug|id>
  [--node <id>] --from <date> --to <date>
Dates are factory-local days (YYYY-MM-DD, the --to day included) or date-times
with an offset (2026-05-01T08:00:00+08:00, --to excluded).`;

/** Parses the command line; throws an Error naming what is wrong. */
export function parseRecomputeArgs(argv: string[]): RecomputeArgs {
  const { values } = parseArgs({
    args: argv,
    strict: true,
    options: {
      factory: { type: 'string' },
      node: { type: 'string' },
      from: { type: 'string' },
      to: { type: 'string' },
    },
  });
  const problems: string[] = [];
  if (!values.factory?.trim()) problems.push('--factory is required');
  if (!values.from) problems.push('--from is required');
  if (!values.to) problems.push('--to is required');
  const nodeId = values.node === undefined ? null : Number(values.node);
  if (nodeId !== null && !(Number.isInteger(nodeId) && nodeId > 0)) {
    problems.push('--node must be a node id');
  }
  if (problems.length > 0) throw new Error(`${problems.join('; ')}\n${RECOMPUTE_USAGE}`);
  return { factory: values.factory!.trim(), nodeId, from: values.from!, to: values.to! };
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** One bound as an instant: a local day's midnight (the next one for an inclusive end day). */
function instant(text: string, timeZone: string, endDay: boolean): number {
  const day = DAY.exec(text);
  if (day) {
    const [year, month, date] = [Number(day[1]), Number(day[2]), Number(day[3])];
    const parsed = new Date(Date.UTC(year, month - 1, date));
    if (parsed.getUTCMonth() !== month - 1 || parsed.getUTCDate() !== date) {
      throw new Error(`${text} is not a date`);
    }
    return startOfLocalDate(year, month, date + (endDay ? 1 : 0), timeZone);
  }
  const ms = WITH_OFFSET.test(text) ? Date.parse(text) : Number.NaN;
  if (Number.isNaN(ms)) {
    throw new Error(`${text} is neither a day (YYYY-MM-DD) nor a date-time with an offset`);
  }
  return ms;
}

/** The range [from, to) the arguments mean in the factory's zone; throws when empty. */
export function recomputeRange(
  args: Pick<RecomputeArgs, 'from' | 'to'>,
  timeZone: string,
): { from: Date; to: Date } {
  const from = instant(args.from, timeZone, false);
  const to = instant(args.to, timeZone, true);
  if (!(to > from)) throw new Error(`--to must be after --from`);
  return { from: new Date(from), to: new Date(to) };
}
