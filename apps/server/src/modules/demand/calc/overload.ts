/**
 * The dev overload's level (issue #15): every sheddable load that is on runs
 * hot by the same factor, so together they draw `extraKw` more than the
 * `drawnKw` they draw now. 1 (no change) without load or extra.
 */
export function overloadLevel(drawnKw: number, extraKw: number): number {
  if (!(drawnKw > 0) || !(extraKw > 0)) return 1;
  return 1 + extraKw / drawnKw;
}
