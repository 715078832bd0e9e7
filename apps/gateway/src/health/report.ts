import type { GatewayBusTiming, GatewayMeterHealth } from '@wattboard/contract/gateway-config';
import type { MeterSet } from '../meter-set.ts';
import { toReport } from './meter-health.ts';

/** What the health report sends: every running meter's health and every bus's timing. */
export function healthReport(set: MeterSet): {
  meters: GatewayMeterHealth[];
  buses: GatewayBusTiming[];
} {
  const pollers = set.meterPollers;
  const meters = pollers.map((p) => toReport(p.meterSerial, p.health));
  const buses = [...set.busMap].map(([id, bus]) => ({
    id,
    timeoutMs: bus.options.timeoutMs,
    retries: bus.options.retries,
    gapMs: bus.options.gapMs,
    meters: pollers.filter((p) => p.busId === id).length,
  }));
  return { meters, buses };
}
