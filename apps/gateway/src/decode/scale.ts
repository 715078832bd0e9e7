/**
 * Scaling and units. A register holds a raw number; the meter's manual says what to multiply it by:
 * a fixed multiplier (e.g. 0.1 V per count), and/or a power of ten held in another register
 * (SunSpec's "scale factor" registers, Schneider's and others' exponent registers), and its unit
 * (Wh, W, varh …) which we convert to the server's (kWh, kW, kvarh).
 *
 * Multipliers and unit factors are decimals (0.1, 0.01, 1000), which a double holds only
 * approximately: 2305 × 0.1 is 230.50000000000003. So each is taken as an integer and a power of
 * ten (0.1 = 1 × 10^-1, 0.25 = 25 × 10^-2), the integers are multiplied (exact for integer raw
 * values below 2^53) and the power of ten is applied once, by dividing when it is negative: the
 * result is then the double nearest the exact decimal (2305 × 0.1 → 230.5). A float32 raw value
 * goes through the same arithmetic without being rounded to any number of decimals.
 */

import { UNIT_CONVERSIONS, type SourceUnit } from '@wattboard/contract/meter-templates';
import { DecodeError } from './registers.ts';

/** SunSpec's "not implemented" value of an int16 scale factor register (0x8000). */
export const SCALE_NOT_IMPLEMENTED = -32768;

/** Largest power of ten a double holds exactly (10^22). */
const MAX_EXACT_POWER = 22;

/**
 * A positive decimal as integer × 10^exponent, read from its shortest printed form (0.1 → 1,-1;
 * 1.5e-7 → 15,-8; 1000 → 1000,0). Undefined when that integer is not a safe integer.
 */
export function decimalParts(x: number): { integer: number; exponent: number } | undefined {
  const match = /^(\d+)(?:\.(\d+))?(?:e([+-]\d+))?$/.exec(String(x));
  if (!match) return undefined;
  const [, whole, fraction = '', power = '0'] = match;
  const integer = Number(whole + fraction);
  if (!Number.isSafeInteger(integer)) return undefined;
  return { integer, exponent: Number(power) - fraction.length };
}

/** raw × integer × 10^exponent, with one rounding when raw × integer is exact. */
function timesPowerOfTen(raw: number, integer: number, exponent: number): number {
  const product = raw * integer;
  if (exponent === 0) return product;
  if (Math.abs(exponent) > MAX_EXACT_POWER) return product * 10 ** exponent;
  return exponent < 0 ? product / 10 ** -exponent : product * 10 ** exponent;
}

function checkExponent(exponent: number): void {
  if (exponent === SCALE_NOT_IMPLEMENTED) {
    throw new DecodeError('scale register reads 0x8000 (not implemented)');
  }
  if (!Number.isInteger(exponent) || exponent < -10 || exponent > 10) {
    throw new DecodeError(`scale register ${exponent} is not a power of ten in -10..10`);
  }
}

/**
 * raw × multiplier × 10^exponent × unitFactor as the decimal it is. `factors` are positive
 * decimals; one with no short decimal form (1/3) is multiplied as a plain double.
 */
function scaleExactly(raw: number, factors: number[], exponent: number): number {
  let integer = 1;
  let power = exponent;
  let rest = 1;
  for (const factor of factors) {
    const parts = decimalParts(factor);
    if (parts && Number.isSafeInteger(integer * parts.integer)) {
      integer *= parts.integer;
      power += parts.exponent;
    } else {
      rest *= factor;
    }
  }
  const scaled = timesPowerOfTen(raw, integer, power);
  return rest === 1 ? scaled : scaled * rest;
}

/** raw × multiplier × 10^exponent. The exponent register is an int16, SunSpec-style (−10..10). */
export function applyScale(raw: number, multiplier = 1, exponent?: number): number {
  if (exponent !== undefined) checkExponent(exponent);
  return scaleExactly(raw, [multiplier], exponent ?? 0);
}

/** The value in the server's unit. Wh → kWh divides (not × 0.001) so 1234567 Wh is 1234.567 exactly. */
export function convertUnit(value: number, unit: SourceUnit): number {
  const { factor } = UNIT_CONVERSIONS[unit];
  if (factor === 1) return value;
  return scaleExactly(value, [factor], 0);
}

/**
 * A register's raw value in the server's unit: multiplier, scale register and unit applied
 * together, so 2305 × 0.01 W is 0.02305 kW with one rounding, not two.
 */
export function toServerUnit(
  raw: number,
  multiplier: number,
  exponent: number | undefined,
  unit: SourceUnit,
): number {
  if (exponent !== undefined) checkExponent(exponent);
  return scaleExactly(raw, [multiplier, UNIT_CONVERSIONS[unit].factor], exponent ?? 0);
}
