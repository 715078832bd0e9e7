import { OFFLINE_AFTER_MS } from '../../alarms/index.ts';
import { roundMeasure, roundOrNull } from '../../monitor/index.ts';

export interface MeterNode {
  id: number;
  chName: string;
  name: string;
}

export interface MeterLatest {
  ts: number;
  kw: number | null;
}

export interface MeterEnergy {
  forward: number;
  reverse: number;
}

/**
 * "Power Info" of the smart meters: the latest reading's kW, today's net kWh
 * (forward − reverse, as Monitor/Device) and its CO2. A meter silent longer
 * than the offline rule (modules/alarms/repo/offline.ts, 10 minutes) shows kW null, never
 * a stale value; its last reading time is always given.
 */
export function devicePowerInfo(
  meters: readonly MeterNode[],
  latest: ReadonlyMap<number, MeterLatest>,
  today: ReadonlyMap<number, MeterEnergy>,
  co2Factor: number,
  now: number,
) {
  return meters.map((meter) => {
    const reading = latest.get(meter.id);
    const energy = today.get(meter.id);
    const kwh = (energy?.forward ?? 0) - (energy?.reverse ?? 0);
    const fresh = reading !== undefined && now - reading.ts <= OFFLINE_AFTER_MS;
    return {
      id: meter.id,
      chName: meter.chName,
      name: meter.name,
      valueKW: fresh ? roundOrNull(reading.kw) : null,
      valueKWH: roundMeasure(kwh),
      co2KG: roundMeasure(kwh * co2Factor),
      lastReadingTime: reading ? new Date(reading.ts).toISOString() : null,
    };
  });
}
