// The pass rule of `npm run audit:web` (scripts/audit-web.ts), pure so it has tests.
//
// Lighthouse's simulated throttling still scales the main-thread time it
// observes, so on a 2-core machine one run in five or so scores 5-10 points
// low (a phone page at 85 reads 76-78). The rule: each page and form factor is
// judged on the MEDIAN of five runs (score, CLS, LCP, TBT and JS bytes each the
// median of their own). A median of five is within a limit exactly when three
// runs are, so runs stop as soon as three agree: a page well within its budget
// takes three runs, and one or two slow runs neither fail nor pass it alone.

export interface Figures {
  score: number;
  cls: number;
  lcpMs: number;
  tbtMs: number;
  jsKb: number;
}

export interface Budget {
  minScore: number;
  maxCls: number;
}

export const RUNS = 5;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Each figure's median over the runs (of an even count: the mean of the middle two). */
export function medianFigures(runs: Figures[]): Figures {
  if (runs.length === 0) throw new Error('no runs to summarise');
  const of = (key: keyof Figures) => median(runs.map((run) => run[key]));
  return {
    score: of('score'),
    cls: of('cls'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    jsKb: of('jsKb'),
  };
}

/** What is over budget in these figures, as sentences (empty: within budget). */
export function overBudget(figures: Figures, budget: Budget): string[] {
  return [
    figures.score < budget.minScore ? `performance ${figures.score} < ${budget.minScore}` : '',
    figures.cls > budget.maxCls ? `CLS ${figures.cls.toFixed(3)} > ${budget.maxCls}` : '',
  ].filter(Boolean);
}

/** Each budgeted figure's test: true when this run is within it. */
function checks(budget: Budget): ((run: Figures) => boolean)[] {
  return [(run) => run.score >= budget.minScore, (run) => run.cls <= budget.maxCls];
}

/**
 * Whether the runs so far settle the verdict of RUNS runs: for each budgeted
 * figure, a majority of RUNS already on one side of its limit. Then the median
 * of the runs made lies on that side too (of two that agree, so does their mean).
 */
export function settled(runs: Figures[], budget: Budget): boolean {
  if (runs.length >= RUNS) return true;
  const majority = Math.floor(RUNS / 2) + 1;
  return checks(budget).every((within) => {
    const inside = runs.filter(within).length;
    return inside >= majority || runs.length - inside >= majority;
  });
}

/** The median figures of the runs and what is over budget in them (empty: passed). */
export function verdict(runs: Figures[], budget: Budget): { figures: Figures; over: string[] } {
  const figures = medianFigures(runs);
  return { figures, over: overBudget(figures, budget) };
}
