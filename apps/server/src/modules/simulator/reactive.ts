/**
 * The demo's lagging reactive energy (issue #24): the 3-phase meters carry a
 * cumulative kvarh counter as billing meters do, so the power factor of the
 * bill (kWh / √(kWh² + kvarh²)) has data. It follows the same power factor
 * the meter's phases report.
 */
import type { SimEnvironment } from './environment.ts';
import type { SimNode } from './model.ts';
import { meterPowerFactor, powerFactor } from './phases.ts';

/** kvarh per kWh at power factor pf, tan(acos(pf)): 0.484 at 0.9, 0.75 at 0.8. */
export function kvarhPerKwh(pf: number): number {
  return Math.sqrt(1 - pf * pf) / pf;
}

/** The node's power factor at this instant: its circuit's own, or its meter's kVA-weighted one. */
export function nodePowerFactor(node: SimNode, kw: Float64Array, env: SimEnvironment): number {
  const own = kw[node.index] ?? 0;
  if (node.children.length === 0) return powerFactor(node, own, env);
  const children = node.children.map((child) => ({ node: child, kw: kw[child.index] ?? 0 }));
  const childrenKw = children.reduce((sum, child) => sum + child.kw, 0);
  return meterPowerFactor(children, own - childrenKw, env);
}

/**
 * The lagging kvarh counter after an interval that moved `kwh` at power factor
 * pf. Only imported energy adds: a solar inverter exports at unity, and a lagging
 * counter never runs backwards.
 */
export function kvarhAfter(kvarh: number, kwh: number, pf: number): number {
  return kwh > 0 ? kvarh + kwh * kvarhPerKwh(pf) : kvarh;
}
