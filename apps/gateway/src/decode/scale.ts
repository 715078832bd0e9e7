/**
 * Scaling and units. A register holds a raw number; the meter's manual says what to multiply it by:
 * a fixed multiplier (e.g. 0.1 V per count), and/or a power of ten held in another register
 * (SunSpec's "scale factor" registers, Schneider's and others' exponent registers), and its unit
 * (Wh, W, varh …) which we convert to the server's (kWh, kW, kvarh).
 */

import { UNIT_CONVERSIONS, type SourceUnit } from '@wattboard/contract/meter-templates';
import { DecodeError } from './registers.ts';

/** SunSpec's "not implemented" value of an int16 scale factor register (0x8000). */
export const SCALE_NOT_IMPLEMENTED = -32768;

/** raw × multiplier × 10^exponent. The exponent register is an int16, SunSpec-style (−10..10). */
export function applyScale(raw: number, multiplier = 1, exponent?: number): number {
  if (exponent === undefined) return raw * multiplier;
  if (exponent === SCALE_NOT_IMPLEMENTED) {
    throw new DecodeError('scale register reads 0x8000 (not implemented)');
  }
  if (!Number.isInteger(exponent) || exponent < -10 || exponent > 10) {
    throw new DecodeError(`scale register ${exponent} is not a power of ten in -10..10`);
  }
  // Dividing by 10^n instead of multiplying by 10^-n keeps 2305 × 10^-1 at 230.5, not 230.50000000000003.
  const scaled = exponent < 0 ? raw / 10 ** -exponent : raw * 10 ** exponent;
  return scaled * multiplier;
}

/** The value in the server's unit. Wh → kWh divides (not × 0.001) so 1234567 Wh is 1234.567 exactly. */
export function convertUnit(value: number, unit: SourceUnit): number {
  const { factor } = UNIT_CONVERSIONS[unit];
  if (factor === 1) return value;
  return factor < 1 ? value / Math.round(1 / factor) : value * factor;
}
