/**
 * Taipower's power-factor adjustment (功率因數調整, T1 第五章 六, p.31; issue
 * #24). Pure; the readings taken where the rate table is silent are in
 * docs/cost-bill-rules.md.
 */

/** The power factor the adjustment is neutral at, per cent. */
const NEUTRAL_PERCENT = 80;
/** No discount for the part above this, per cent (so at most −1.5 %). */
const DISCOUNT_CAP_PERCENT = 95;

/**
 * The month's average power factor, 0 … 1, read as kWh / √(kWh² + lagging
 * kvarh²) (unconfirmed: the rate table does not define it). Null when the
 * month has no kWh (nothing to average) or the kvarh is unknown; a negative
 * kvarh is a broken counter, not a power factor above 1, so null too.
 */
export function monthlyPowerFactor(kwh: number, kvarhLagging: number | null): number | null {
  if (!(kwh > 0) || kvarhLagging === null || !(kvarhLagging >= 0)) return null;
  return kwh / Math.sqrt(kwh * kwh + kvarhLagging * kvarhLagging);
}

/**
 * A power factor (0 … 1) as a whole per cent, half up (79.5 % → 80, 94.49 %
 * → 94): the adjustment counts whole per cent ("每低1%"). The table does not
 * say how the average is rounded; half up is an unconfirmed reading.
 */
export function powerFactorPercent(powerFactor: number): number {
  if (!(powerFactor >= 0 && powerFactor <= 1)) {
    throw new RangeError(`power factor out of range 0..1 (${powerFactor})`);
  }
  // Snap off binary noise first: 0.575 × 100 is 57.49999999999999, not 57.5.
  const percent = Math.round(powerFactor * 100 * 1e6) / 1e6;
  return Math.floor(percent + 0.5);
}

/**
 * The fraction the month's bill changes by for a power factor (0 … 1): +0.1 %
 * per whole per cent below 80 % (no cap is stated), −0.1 % per whole per cent
 * above, counting no more than 95 % (so at most −0.015). E.g. 0.78 → +0.002,
 * 0.97 → −0.015.
 */
export function powerFactorAdjustment(powerFactor: number): number {
  const percent = powerFactorPercent(powerFactor);
  // Over 1000, not × 0.001: an integer quotient is the nearest double, so 2 / 1000 === 0.002.
  return (NEUTRAL_PERCENT - Math.min(percent, DISCOUNT_CAP_PERCENT)) / 1000;
}

/** The charges the adjustment applies to, TWD. */
export interface PowerFactorBase {
  /** Basic charge by contract capacity; not the per-account charge (按戶計收). */
  basicCharge: number;
  /** Energy (流動電費) charges. */
  energyCharge: number;
}

/**
 * The power-factor adjustment's amount, TWD, signed (negative is a discount):
 * (basic + energy charges) × `adjustment`. Over-contract charges and any
 * per-account charge are not in the base (T1 p.33, p.20), which is why they
 * cannot be passed; that the base is exactly these two is an unconfirmed
 * reading of "該月份電費". Unrounded: money is rounded at the edge.
 */
export function powerFactorAdjustmentAmount(base: PowerFactorBase, adjustment: number): number {
  return (base.basicCharge + base.energyCharge) * adjustment;
}
