import { z } from 'zod';
import { defineCall } from '../call.ts';
import { withResponseEnvelope } from '../envelope.ts';
import { writtenNumber } from '../input.ts';
import { ianaTimeZone } from '../time.ts';
import { adminRequest, nameText } from './common.ts';
import { adminJob } from './jobs.ts';
import { workingHours } from './working-hours.ts';

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
  /** Anomaly events (issue #27, decision 0082); optional only for answers made before them. */
  anomalies: z
    .object({
      enabled: z.boolean(),
      marginPercent: z.number(),
      minKw: z.number(),
      minutes: z.number().int(),
    })
    .optional(),
  /** When people work, by day type (decision 0091); optional only for answers made before it. */
  workingHours: workingHours.optional(),
});
export type AdminFactory = z.infer<typeof adminFactory>;
export type AdminFactoryAnomalies = NonNullable<AdminFactory['anomalies']>;

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

export const ANOMALY_MARGIN_MIN_PERCENT = 5;
export const ANOMALY_MARGIN_MAX_PERCENT = 500;
export const ANOMALY_MIN_KW_MAX = 100_000;
export const ANOMALY_MINUTES_MAX = 1440;

/**
 * When a point's load is an anomaly (decision 0082): more than marginPercent
 * of its typical kW away from it and more than minKw, for at least `minutes`
 * (whole quarter hours, the data's grain). `enabled` off: no anomaly events.
 */
export const anomalySettingsInput = z.object(
  {
    enabled: z.boolean({ error: 'anomalies.enabled must be true or false' }),
    marginPercent: writtenNumber.pipe(
      z
        .number()
        .min(
          ANOMALY_MARGIN_MIN_PERCENT,
          `marginPercent must be at least ${ANOMALY_MARGIN_MIN_PERCENT}`,
        )
        .max(
          ANOMALY_MARGIN_MAX_PERCENT,
          `marginPercent must be at most ${ANOMALY_MARGIN_MAX_PERCENT}`,
        ),
    ),
    minKw: writtenNumber.pipe(
      z
        .number()
        .min(0, 'minKw must be 0 or more')
        .max(ANOMALY_MIN_KW_MAX, `minKw must be at most ${ANOMALY_MIN_KW_MAX}`),
    ),
    minutes: writtenNumber.pipe(
      z
        .number()
        .int('minutes must be whole minutes')
        .min(15, 'minutes must be at least 15')
        .max(ANOMALY_MINUTES_MAX, `minutes must be at most ${ANOMALY_MINUTES_MAX}`)
        .refine((minutes) => minutes % 15 === 0, 'minutes must be a multiple of 15'),
    ),
  },
  { error: 'anomalies must be an object' },
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
 * Saves all four settings (and the anomaly rule when given). A changed time zone moves "today", the daily and
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
  /** Anomaly events' rule (decision 0082); absent: unchanged. */
  anomalies: anomalySettingsInput.optional(),
  /** Working hours by day type (decision 0091); absent: unchanged. */
  workingHours: workingHours.optional(),
});

export const adminFactoryUpdate = defineCall({
  method: 'POST',
  path: '/v1/Admin/Factory/Update',
  auth: true,
  request: adminFactoryUpdateRequest,
  response: adminFactoryResponse,
});
