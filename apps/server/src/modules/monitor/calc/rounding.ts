/** Decimal places of every kWh, kW and kg figure the monitor calls return (0.1 Wh). */
export const MEASURE_DECIMALS = 4;
const SCALE = 10 ** MEASURE_DECIMALS;

/**
 * Rounds a measure for output. Sums of floating-point kWh pick up noise like
 * 12.000000000000002; rounding once, at the edge, keeps figures that are equal
 * by arithmetic equal on the wire (and never answers -0).
 */
export function roundMeasure(value: number): number {
  const rounded = Math.round(value * SCALE) / SCALE;
  return rounded === 0 ? 0 : rounded;
}

/** Like roundMeasure, keeping null (no data) as null. */
export function roundOrNull(value: number | null): number | null {
  return value === null ? null : roundMeasure(value);
}

/**
 * Rounds the parts of a total so that they add up to the rounded total (the
 * largest-remainder method): each part moves by less than one last digit, and
 * a chart whose bars are shown to 0.1 Wh sums to the total printed beside it.
 * Rounding every part on its own lets the error pile up: 864 five-minute bars
 * of three days could drift 0.04 kWh from the total. Nulls (no data) stay null.
 */
export function roundPartsToTotal(values: readonly (number | null)[]): (number | null)[] {
  const present = values.flatMap((value, index) => (value === null ? [] : [{ value, index }]));
  const scaled = present.map(({ value }) => value * SCALE);
  const floors = scaled.map((value) => Math.floor(value));
  // The total exactly as roundMeasure rounds it where it is printed.
  const target = Math.round(present.reduce((sum, { value }) => sum + value, 0) * SCALE);
  let missing = target - floors.reduce((sum, value) => sum + value, 0);
  // The parts with the largest remainders take the missing units, one each.
  const byRemainder = scaled
    .map((value, i) => ({ i, remainder: value - floors[i]! }))
    .sort((a, b) => b.remainder - a.remainder || a.i - b.i);
  for (const { i } of byRemainder) {
    if (missing <= 0) break;
    floors[i]! += 1;
    missing -= 1;
  }
  const result: (number | null)[] = values.map(() => null);
  present.forEach(({ index }, i) => {
    const rounded = floors[i]! / SCALE;
    result[index] = rounded === 0 ? 0 : rounded;
  });
  return result;
}
