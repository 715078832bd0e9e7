/**
 * What a meter can physically report (issue #8). A value outside these is a
 * broken gateway or a forged message, not a reading: 1e308 V would poison the
 * rollups, the charts and the alarms. The bounds are generous on purpose —
 * they catch nonsense, not unusual plants — and docs/decisions/0011-ingest-wire-format-and-mqtt.md has the
 * table with the reasons.
 */
export interface Bound {
  min: number;
  max: number;
  /** Whether a value equal to `min` is allowed (frequency must be above 0). */
  minInclusive: boolean;
  unit: string;
}

const bound = (min: number, max: number, unit: string, minInclusive = true): Bound => ({
  min,
  max,
  minInclusive,
  unit,
});

export const INGEST_BOUNDS = {
  /** Up to 1 MV: primary-side values of a PT-fed meter on a transmission feed. */
  voltage: bound(0, 1_000_000, 'V'),
  /** Up to 1 MA: far above any busbar's rating. */
  current: bound(0, 1_000_000, 'A'),
  /** ±1 GW per phase or in total; negative is export (solar). */
  kw: bound(-1_000_000, 1_000_000, 'kW'),
  pf: bound(-1, 1, ''),
  /** Above 0, up to 1 kHz (400 Hz aircraft and test systems fit). */
  frequency: bound(0, 1000, 'Hz', false),
  /** Absolute zero to 1,000 °C: a meter would have melted long before. */
  temperature: bound(-273.15, 1000, '°C'),
  /** Cumulative counters: 1 TWh is a 1 GW plant running flat out for 114 years. */
  counter: bound(0, 1e12, 'kWh'),
  /** The lagging reactive counter (issue #24): the kWh counter's bounds, in its own unit. */
  reactiveCounter: bound(0, 1e12, 'kvarh'),
} as const satisfies Record<string, Bound>;

export type BoundedQuantity = keyof typeof INGEST_BOUNDS;

const NAMES: Record<BoundedQuantity, string> = {
  voltage: 'voltage',
  current: 'current',
  kw: 'kW',
  pf: 'power factor',
  frequency: 'frequency',
  temperature: 'temperature',
  counter: 'counter',
  reactiveCounter: 'counter',
};

/**
 * The problem with `value` as a `quantity`, in words, or undefined when it is
 * plausible: "negative voltage (-5)", "frequency must be above 0 (0)",
 * "voltage out of range 0..1000000 V (1e+308)".
 */
export function boundProblem(quantity: BoundedQuantity, value: number): string | undefined {
  const { min, max, minInclusive, unit } = INGEST_BOUNDS[quantity];
  const name = NAMES[quantity];
  if (min === 0 && minInclusive && value < 0) return `negative ${name} (${value})`;
  if (min === 0 && !minInclusive && value <= 0) return `${name} must be above 0 (${value})`;
  const below = minInclusive ? value < min : value <= min;
  if (!below && value <= max) return undefined;
  return `${name} out of range ${min}..${max}${unit ? ` ${unit}` : ''} (${value})`;
}
