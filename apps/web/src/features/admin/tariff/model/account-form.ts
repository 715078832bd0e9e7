import { industryCoefficientFor } from '@wattboard/contract';
import type { ContractBasis, TaipowerTariff, TariffDefinition } from '@wattboard/contract';
import type { DayForm } from './tariff-form';

/**
 * The low-voltage fields of the tariff form (decision 0068): the per-account
 * charge, the contract basis, whether energy has time of use, and the
 * industry with its coefficient, numbers as the text a person typed.
 */
export interface AccountForm {
  customerChargePerMonth: string;
  contractBasis: ContractBasis;
  timeOfUse: boolean;
  /** Both blank: no industry (×1). */
  industryCode: string;
  industryCoefficient: string;
}

export function accountToForm(tariff: TariffDefinition): AccountForm {
  return {
    customerChargePerMonth: String(tariff.customerChargePerMonth),
    contractBasis: tariff.contractBasis,
    timeOfUse: tariff.timeOfUse,
    industryCode: tariff.industry?.code ?? '',
    industryCoefficient: tariff.industry ? String(tariff.industry.coefficient) : '',
  };
}

/** A typed number as a number; anything else stays text, so the contract names the field. */
function written(value: string): number | string {
  const trimmed = value.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : trimmed;
}

/**
 * The Update call's fields. A blank customer charge is 0 (the table charges
 * none); an industry needs both its code and coefficient, so one of them
 * alone is sent and the contract names the missing one.
 */
export function formToAccount(values: AccountForm) {
  const code = values.industryCode.trim();
  const coefficient = values.industryCoefficient.trim();
  const charge = values.customerChargePerMonth.trim();
  return {
    customerChargePerMonth: charge === '' ? 0 : written(charge),
    contractBasis: values.contractBasis,
    timeOfUse: values.timeOfUse,
    industry:
      code === '' && coefficient === '' ? null : { code, coefficient: written(coefficient) },
  };
}

/**
 * Switching to energy without time of use: every day one all-day peak range
 * at its season's first peak rate, held as two-stage (the contract's rule for
 * a flat tariff), so the form is valid at once and the person types the rate.
 */
export function flatDays(days: readonly DayForm[]): DayForm[] {
  return days.map((day) => {
    const rate = days.find((d) => d.season === day.season)?.rates.peak ?? day.rates.peak;
    return {
      ...day,
      ranges: [{ from: '00:00', to: '24:00', period: 'peak' }],
      rates: { peak: rate, halfPeak: rate, offPeak: rate },
    };
  });
}

/**
 * The industry when the form is filled from a Taipower table: the person's
 * code stays, and on a confirmed (2025-10-01) table its coefficient is the
 * one T1 附錄一 lists in that table's column. A code the list lacks, or an
 * earlier table (whose list was not seen), keeps what was typed.
 */
export function catalogIndustry(
  entry: TaipowerTariff,
  current: Pick<AccountForm, 'industryCode' | 'industryCoefficient'>,
): Pick<AccountForm, 'industryCode' | 'industryCoefficient'> {
  const listed = entry.confirmed
    ? industryCoefficientFor(current.industryCode, entry.kind)
    : undefined;
  return {
    industryCode: current.industryCode,
    industryCoefficient: listed === undefined ? current.industryCoefficient : String(listed),
  };
}
