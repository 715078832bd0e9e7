import type { OtherContracts } from '@wattboard/contract';
import { billingPeriodOf } from './billing-period.ts';

/**
 * Contract terms by date (decision 0081). A billing point's contract capacity
 * changes on a meter-reading day; the bill of each period is priced with the
 * terms in force on its first day, so raising the capacity today leaves every
 * earlier bill as it was.
 */

/** The capacities of one billing point. */
export interface ContractTerms {
  /** kW, regular (經常契約); null = none (then no demand charge). */
  contractCapacityKw: number | null;
  otherContractsKw: OtherContracts;
}

/** Terms in force from `validFrom` (a factory-local day) until the next version's. */
export interface ContractVersion extends ContractTerms {
  validFrom: string;
}

/**
 * The first day of the earliest version when a point's terms before their first
 * change are recorded: they held "all along" (a day before any reading).
 */
export const SINCE_ALWAYS = '2000-01-01';

/**
 * The terms in force on `date`: the latest version that began on or before it.
 * `current` (the point's row) holds when the point has no versions, or when
 * `date` is before the first (the first version starts SINCE_ALWAYS, so only
 * for days before 2000).
 */
export function termsOn(
  versions: readonly ContractVersion[],
  current: ContractTerms,
  date: string,
): ContractTerms {
  let found: ContractVersion | null = null;
  for (const version of versions) {
    if (version.validFrom <= date && (!found || version.validFrom > found.validFrom)) {
      found = version;
    }
  }
  return found ?? current;
}

const sameTerms = (a: ContractTerms, b: ContractTerms) =>
  a.contractCapacityKw === b.contractCapacityKw &&
  a.otherContractsKw.halfPeak === b.otherContractsKw.halfPeak &&
  a.otherContractsKw.nonSummer === b.otherContractsKw.nonSummer &&
  a.otherContractsKw.saturdayHalfPeak === b.otherContractsKw.saturdayHalfPeak &&
  a.otherContractsKw.offPeak === b.otherContractsKw.offPeak;

/**
 * The versions after the terms become `next` from `from` on: every version
 * from that day on is replaced, the earlier ones stay. A point changed for
 * the first time keeps its old terms as the version before, unless it had no
 * contract at all: then there is nothing to keep and the new terms hold for
 * its whole history (a first entry is not a change). Versions that repeat the
 * one before are folded into it.
 */
export function versionsAfterChange(
  versions: readonly ContractVersion[],
  previous: ContractTerms,
  next: ContractTerms,
  from: string,
): ContractVersion[] {
  const isFirstEntry =
    versions.length === 0 &&
    previous.contractCapacityKw === null &&
    Object.values(previous.otherContractsKw).every((kw) => kw === 0);
  const before =
    versions.length > 0
      ? versions.filter((version) => version.validFrom < from)
      : isFirstEntry
        ? []
        : [{ ...previous, validFrom: SINCE_ALWAYS }];
  const all = [...before, { ...next, validFrom: before.length === 0 ? SINCE_ALWAYS : from }];
  all.sort((a, b) => a.validFrom.localeCompare(b.validFrom));
  return all.filter((version, i) => i === 0 || !sameTerms(version, all[i - 1]!));
}

/** Why a day cannot start new terms, or null when it can. */
export type ChangeDayProblem = 'future' | 'notReadingDay';

/**
 * A change starts on a meter-reading day (the first day of a billing period)
 * no later than today's period, so the terms in force today are also those of
 * today's bill and every live figure agrees with it.
 */
export function changeDayProblem(
  from: string,
  meterReadingDay: number,
  today: string,
): ChangeDayProblem | null {
  if (billingPeriodOf(from, meterReadingDay).from !== from) return 'notReadingDay';
  if (from > billingPeriodOf(today, meterReadingDay).from) return 'future';
  return null;
}
