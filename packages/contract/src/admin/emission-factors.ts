import { z } from 'zod';
import { defineCall } from '../call.ts';
import { withResponseEnvelope } from '../envelope.ts';
import { boundedLine, writtenNumber } from '../input.ts';
import { adminRequest } from './common.ts';
import { CO2_FACTOR_MAX } from './factory.ts';

/**
 * The grid emission factor per year (issue #27): each kWh's CO2 uses the
 * factor of its own local year. A year without an entry uses the latest
 * earlier year's (a year's factor is published the following spring), or,
 * before every entry, the earliest one's.
 */
export const EMISSION_FACTOR_YEAR_MIN = 1990;
export const EMISSION_FACTOR_YEAR_MAX = 2100;
export const EMISSION_FACTOR_SOURCE_MAX = 300;
/** 10 TWh: above any one factory's year. */
export const RENEWABLE_CERTIFICATE_MAX_KWH = 10_000_000_000;

export const emissionFactorEntry = z.object({
  year: z.number().int(),
  /** kg CO2e per kWh. */
  kgPerKwh: z.number(),
  /** Where the figure comes from (a publication), or a note. */
  source: z.string(),
  /** The same in Chinese; the page shows the reader's language, or the other when one is empty. */
  sourceZh: z.string(),
});
export type EmissionFactorEntry = z.infer<typeof emissionFactorEntry>;

export const adminEmissionFactorsResponse = withResponseEnvelope({
  /** Oldest year first. */
  factors: z.array(emissionFactorEntry),
  /** The factory's current local year. */
  currentYear: z.number().int(),
  /** The factor the current year uses and the entry's year (< currentYear: provisional); null without entries. */
  current: z.object({ kgPerKwh: z.number(), fromYear: z.number().int() }).nullable(),
});
export type AdminEmissionFactorsResponse = z.infer<typeof adminEmissionFactorsResponse>;

export const adminEmissionFactorList = defineCall({
  method: 'POST',
  path: '/v1/Admin/EmissionFactor/List',
  auth: true,
  request: adminRequest({}),
  response: adminEmissionFactorsResponse,
});

const factorYear = writtenNumber.pipe(
  z
    .number()
    .int('year must be a whole year')
    .min(EMISSION_FACTOR_YEAR_MIN, `year must be ${EMISSION_FACTOR_YEAR_MIN} or later`)
    .max(EMISSION_FACTOR_YEAR_MAX, `year must be ${EMISSION_FACTOR_YEAR_MAX} or earlier`),
);

/** Adds a year's factor or replaces it (audited); the answer is the new list. */
export const adminEmissionFactorSave = defineCall({
  method: 'POST',
  path: '/v1/Admin/EmissionFactor/Save',
  auth: true,
  request: adminRequest({
    year: factorYear,
    kgPerKwh: writtenNumber.pipe(
      z
        .number()
        .min(0, 'kgPerKwh must be 0 or more')
        .max(CO2_FACTOR_MAX, `kgPerKwh must be at most ${CO2_FACTOR_MAX} kg/kWh`),
    ),
    source: boundedLine(
      EMISSION_FACTOR_SOURCE_MAX,
      `source is at most ${EMISSION_FACTOR_SOURCE_MAX} characters`,
    ).default(''),
    sourceZh: boundedLine(
      EMISSION_FACTOR_SOURCE_MAX,
      `sourceZh is at most ${EMISSION_FACTOR_SOURCE_MAX} characters`,
    ).default(''),
  }),
  response: adminEmissionFactorsResponse,
});

/**
 * Removes a year's entry (audited): the year then uses the one before it. The
 * last entry cannot be removed (201 Fail, EMISSION_FACTOR_MESSAGES.lastEntry).
 */
export const adminEmissionFactorRemove = defineCall({
  method: 'POST',
  path: '/v1/Admin/EmissionFactor/Remove',
  auth: true,
  request: adminRequest({ year: factorYear }),
  response: adminEmissionFactorsResponse,
});

/**
 * Sets the renewable-energy certificates (T-REC) retired for a year, in kWh
 * (audited); 0 removes them. The Scope 2 report's market-based figure counts
 * them as zero-emission energy.
 */
export const adminRenewableCertificateSave = defineCall({
  method: 'POST',
  path: '/v1/Admin/RenewableCertificate/Save',
  auth: true,
  request: adminRequest({
    year: factorYear,
    kwh: writtenNumber.pipe(
      z
        .number()
        .min(0, 'kwh must be 0 or more')
        .max(RENEWABLE_CERTIFICATE_MAX_KWH, `kwh must be at most ${RENEWABLE_CERTIFICATE_MAX_KWH}`),
    ),
    note: boundedLine(
      EMISSION_FACTOR_SOURCE_MAX,
      `note is at most ${EMISSION_FACTOR_SOURCE_MAX} characters`,
    ).default(''),
  }),
  response: withResponseEnvelope({
    year: z.number().int(),
    kwh: z.number(),
    note: z.string(),
  }),
});

export const EMISSION_FACTOR_MESSAGES = {
  lastEntry: 'At least one year must keep its emission factor.',
} as const;
