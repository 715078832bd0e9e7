import type { SelectedOption } from '@wattboard/contract';

/** The design set-point the simulator's AC load model is rated at, °C. */
export const RATED_SET_POINT_C = 24;

const MODE_SHARE: Record<string, number> = { cool: 1, dry: 0.6, heat: 0.9, fan: 0.12, auto: 0.85 };
const FAN_SHARE: Record<string, number> = { low: 0.9, mid: 1, high: 1.08, auto: 1 };
/** Each degree cooler than rated costs about 8 % more, each degree warmer saves as much. */
const PER_DEGREE = 0.08;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * How much of its modelled power an air conditioner draws under these IR
 * options (1 = cool at 24 °C, fan mid): mode, set-point and fan speed. Unknown
 * or missing options count as the rated ones.
 */
export function acPowerFactor(selected: SelectedOption | null): number {
  const mode = typeof selected?.set1 === 'string' ? selected.set1 : 'cool';
  const modeShare = MODE_SHARE[mode] ?? 1;
  const setPoint = Number(selected?.set2);
  let degrees = 0;
  if (Number.isFinite(setPoint) && mode !== 'fan') {
    degrees = mode === 'heat' ? setPoint - RATED_SET_POINT_C : RATED_SET_POINT_C - setPoint;
  }
  const fan = typeof selected?.set3 === 'string' ? (FAN_SHARE[selected.set3] ?? 1) : 1;
  return clamp(modeShare * (1 + PER_DEGREE * degrees) * fan, 0.05, 1.8);
}
