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
