import { z } from 'zod';
import { defineCall } from '../call.ts';
import { withResponseEnvelope } from '../envelope.ts';
import { numericId } from '../numeric.ts';
import { tariffDefinition } from '../tariff.ts';
import { validTariff } from '../tariff-rules.ts';
import { isoDateTime, localDate } from '../time.ts';
import { adminRequest } from './common.ts';

/** One version of the factory's tariff, valid from `validFrom` until the next version's day. */
export const tariffVersion = z.object({
  id: numericId,
  /** Factory-local day it applies from (inclusive). */
  validFrom: localDate,
  /** When it was saved (ISO 8601). */
  createdAt: isoDateTime,
  /** Who saved it; null for the default given at seed or migration. */
  createdBy: z.string().nullable(),
  tariff: tariffDefinition,
});
export type TariffVersion = z.infer<typeof tariffVersion>;

export const adminTariffGetRequest = adminRequest({});
export const adminTariffResponse = withResponseEnvelope({
  /** The version in force today (factory-local); null when none yet. */
  current: tariffVersion.nullable(),
  /** Every version, newest validFrom first (the current one included). */
  versions: z.array(tariffVersion),
  /** The shipped default (Taipower high-voltage three-stage model), to start an edit from. */
  defaultTariff: tariffDefinition,
});
export type AdminTariffResponse = z.infer<typeof adminTariffResponse>;

export const adminTariffGet = defineCall({
  method: 'POST',
  path: '/v1/Admin/Tariff/Get',
  auth: true,
  request: adminTariffGetRequest,
  response: adminTariffResponse,
});

/**
 * Saves `tariff` as a version valid from `validFrom` (a past day re-prices
 * history from then on: cost is computed when read). A version with the same
 * validFrom is replaced. Refused with HTTP 400, statusCode 201 and a message
 * naming the field (e.g. "days[2]: ranges must not overlap", "seasons must
 * cover the whole year (02-29 is missing)", "rates.peak must be 0 or more").
 * Factory Admin only; audited. Answers like Get.
 */
export const adminTariffUpdateRequest = adminRequest({
  validFrom: localDate,
  tariff: validTariff,
});

export const adminTariffUpdate = defineCall({
  method: 'POST',
  path: '/v1/Admin/Tariff/Update',
  auth: true,
  request: adminTariffUpdateRequest,
  response: adminTariffResponse,
});
