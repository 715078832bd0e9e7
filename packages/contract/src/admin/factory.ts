import { z } from 'zod';
import { defineCall } from '../call.ts';
import { withResponseEnvelope } from '../envelope.ts';
import { writtenNumber } from '../input.ts';
import { ianaTimeZone } from '../time.ts';
import { adminRequest, nameText } from './common.ts';
import { adminJob } from './jobs.ts';

export const adminFactory = z.object({
  id: z.number().int(),
  /** Used in MQTT topics; not editable. */
  slug: z.string(),
  name: z.string(),
  nameZh: z.string(),
  timeZone: z.string(),
  /**
   * kg CO2e per kWh of this local year: its own entry in the factors by year
   * (/v1/Admin/EmissionFactor/List), or the one standing in for it. Saving a
   * different value enters it as this year's factor; earlier years keep theirs.
   */
  co2Factor: z.number(),
  /** kW; null when not set. */
  contractCapacityKw: z.number().nullable(),
});
export type AdminFactory = z.infer<typeof adminFactory>;

export const CO2_FACTOR_MAX = 5;
export const CONTRACT_CAPACITY_MAX_KW = 1_000_000;

/** A contract capacity a person writes: kW above 0, or null for none. */
export const contractCapacityInput = z
  .union([z.null(), writtenNumber])
  .pipe(
    z
      .number()
      .gt(0, 'contractCapacityKw must be more than 0')
      .max(
        CONTRACT_CAPACITY_MAX_KW,
        `contractCapacityKw must be at most ${CONTRACT_CAPACITY_MAX_KW}`,
      )
      .nullable(),
  );

export const adminFactoryGetRequest = adminRequest({});
export const adminFactoryResponse = withResponseEnvelope({
  factory: adminFactory,
  /** The recomputation a time-zone change started (or the running one), else null. */
  job: adminJob.nullable(),
});
export type AdminFactoryResponse = z.infer<typeof adminFactoryResponse>;

export const adminFactoryGet = defineCall({
  method: 'POST',
  path: '/v1/Admin/Factory/Get',
  auth: true,
  request: adminFactoryGetRequest,
  response: adminFactoryResponse,
});

/**
 * Saves all four settings. A changed time zone moves "today", the daily and
 * hourly buckets, report days and schedules to the new zone: the hourly and
 * daily rollups of all history are recomputed in the background (job, see
 * /v1/Admin/Job/List); 15-minute data is unaffected. While a recomputation
 * runs, another zone change is refused (201, ADMIN_MESSAGES.jobRunning).
 */
export const adminFactoryUpdateRequest = adminRequest({
  name: nameText('name'),
  nameZh: nameText('nameZh'),
  timeZone: ianaTimeZone,
  co2Factor: writtenNumber.pipe(
    z
      .number()
      .min(0, 'co2Factor must be 0 or more')
      .max(CO2_FACTOR_MAX, `co2Factor must be at most ${CO2_FACTOR_MAX} kg/kWh`),
  ),
  contractCapacityKw: contractCapacityInput,
});

export const adminFactoryUpdate = defineCall({
  method: 'POST',
  path: '/v1/Admin/Factory/Update',
  auth: true,
  request: adminFactoryUpdateRequest,
  response: adminFactoryResponse,
});
