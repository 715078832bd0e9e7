import type { Queryable } from '../../../platform/db/db.ts';
import { resolveFactoryId } from '../../auth/index.ts';
import { ZoneClock } from '@wattboard/zone-time';
import { type Co2Rates, loadCo2Rates } from '../../carbon/index.ts';
import { findMeter, selectChannels, type Meter, type MeterChannel } from './meter-channels.ts';

/** The meter a report call reads, in the caller's factory, with the selected channels. */
export interface ReportTarget {
  factoryId: number;
  meter: Meter;
  channels: MeterChannel[];
  clock: ZoneClock;
  co2Rates: Co2Rates;
}

export type TargetResult =
  { target: ReportTarget } | { missing: 'factory' } | { missing: 'meter'; meterId: number };

export function meterNotFoundMessage(meterId: number): string {
  return `Smart meter ${meterId} was not found in this factory.`;
}

/**
 * Tenant check first (factoryId 0 or the caller's own, else 1008), then the
 * meter in that factory (a smart meter, else 1010), then its channels.
 */
export async function findReportTarget(
  db: Queryable,
  caller: { factoryId: number; timeZone: string },
  request: { factoryId: number; smartmeterId: number; channelIds?: number[] | undefined },
): Promise<TargetResult> {
  const factoryId = resolveFactoryId(request.factoryId, caller.factoryId);
  if (factoryId === null) return { missing: 'factory' };
  const meter = await findMeter(db, factoryId, request.smartmeterId);
  if (!meter) return { missing: 'meter', meterId: request.smartmeterId };
  const clock = new ZoneClock(caller.timeZone);
  return {
    target: {
      factoryId,
      meter,
      channels: selectChannels(meter, request.channelIds),
      clock,
      co2Rates: await loadCo2Rates(db, factoryId, clock),
    },
  };
}
