/** The q-quantile (0..1) of some numbers, linearly between the nearest two; null for none. */
export function quantile(values: readonly number[], q: number): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const at = Math.min(1, Math.max(0, q)) * (sorted.length - 1);
  const low = Math.floor(at);
  const high = Math.min(sorted.length - 1, low + 1);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (at - low);
}

/**
 * A robust spread: the median absolute deviation scaled to a normal
 * distribution's standard deviation (× 1.4826), so a few odd values (the very
 * waste being looked for) do not widen it. 0 for fewer than two values.
 */
export function robustSpread(values: readonly number[]): number {
  if (values.length < 2) return 0;
  const middle = quantile(values, 0.5)!;
  return (
    1.4826 *
    quantile(
      values.map((value) => Math.abs(value - middle)),
      0.5,
    )!
  );
}
