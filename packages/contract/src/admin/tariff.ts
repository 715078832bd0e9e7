import { z } from 'zod';
import { defineCall } from '../call.ts';
import { withResponseEnvelope } from '../envelope.ts';
import { numericId } from '../numeric.ts';
import { tariffDefinition } from '../tariff.ts';
import { validTariff } from '../tariff-rules.ts';
import { inputId } from '../input.ts';
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

/**
 * A billing point as Admin › Tariff lists it (decision 0065): the main point
 * is on the factory's tariff; a further point is on its own once a version is
 * saved for it, and on the factory's until then.
 */
export const tariffPoint = z.object({
  nodeId: numericId,
  chName: z.string(),
  name: z.string(),
  main: z.boolean(),
  ownTariff: z.boolean(),
});
export type TariffPoint = z.infer<typeof tariffPoint>;

/**
 * `nodeId`: a further billing point, whose tariff is asked for; absent (or
 * the main point): the factory's. Another factory's node answers 1009; a node
 * that is not a billing point, 201 with ADMIN_MESSAGES.notBillingPoint.
 */
export const adminTariffGetRequest = adminRequest({ nodeId: inputId.optional() });
export const adminTariffResponse = withResponseEnvelope({
  /** The billing point asked for; null: the factory's tariff. */
  nodeId: numericId.nullable(),
  /**
   * Whether the versions below are the point's own; false: the factory's,
   * which the point (or the main point) follows.
   */
  ownTariff: z.boolean(),
  /** The version in force today (factory-local); null when none yet. */
  current: tariffVersion.nullable(),
  /** Every version, newest validFrom first (the current one included). */
  versions: z.array(tariffVersion),
  /** The shipped default (Taipower high-voltage three-stage model), to start an edit from. */
  defaultTariff: tariffDefinition,
  /** The factory's billing points, the main one first, to choose whose tariff to edit. */
  points: z.array(tariffPoint),
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
  /** A further billing point: the version is its own (its first gives it its own tariff). */
  nodeId: inputId.optional(),
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

/**
 * A further billing point stops having its own tariff: its versions are
 * deleted and it follows the factory's again (re-pricing its history at once).
 * Refused like Get for a node that is not a further billing point. Factory
 * Admin only; audited. Answers like Get for that point.
 */
export const adminTariffFollowFactoryRequest = adminRequest({ nodeId: inputId });

export const adminTariffFollowFactory = defineCall({
  method: 'POST',
  path: '/v1/Admin/Tariff/FollowFactory',
  auth: true,
  request: adminTariffFollowFactoryRequest,
  response: adminTariffResponse,
});
