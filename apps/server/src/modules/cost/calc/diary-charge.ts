import type { PowerDiaryEntry } from '@wattboard/contract';
import type { DemandBlock } from '../../overview/index.ts';
import { kw } from '../../overview/index.ts';
import { QUARTER_MS, type ZoneClock } from '@wattboard/zone-time';
import { overContractPenalty, roundMoney, type PenaltyTerms } from './bill.ts';

export interface ChargeDiaryInput {
  /** The root's complete blocks of today, in time order. */
  blocks: readonly DemandBlock[];
  /** The month's highest block before today; null on the month's first day or without data. */
  monthMaxBefore: number | null;
  contractCapacityKw: number | null;
  /** TWD per kW for the month (monthDemandCharge's basicRatePerKw); null without a tariff. */
  basicRatePerKw: number | null;
  terms: PenaltyTerms | null;
  rootId: number | null;
}

const money = (value: number) =>
  `TWD ${roundMoney(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/**
 * Issue #15: every block of today that set a new monthly peak above the
 * contract capacity raised the over-contract penalty; each is noted (timed at
 * its block's end) with the penalty before and after, in both languages.
 */
export function demandChargeEntries(
  input: ChargeDiaryInput,
  clock: ZoneClock,
): Array<PowerDiaryEntry & { at: number }> {
  const { contractCapacityKw: capacity, basicRatePerKw: rate, terms } = input;
  if (capacity === null || rate === null || terms === null) return [];
  const penalty = (peak: number) => overContractPenalty(peak, capacity, rate, terms);
  const hhmm = (t: number) => clock.formatIso(t).slice(11, 16);
  const out: Array<PowerDiaryEntry & { at: number }> = [];
  let peak = input.monthMaxBefore ?? 0;
  for (const block of input.blocks) {
    if (block.kw <= peak) continue;
    const before = penalty(peak);
    const after = penalty(block.kw);
    peak = block.kw;
    if (after <= before) continue;
    const end = block.start + QUARTER_MS;
    const label = `${hhmm(block.start)}–${hhmm(end)}`;
    out.push({
      at: end,
      status: 'alarm',
      kind: 'demandChargeRaised',
      time: new Date(end).toISOString(),
      nodeId: input.rootId,
      description: `New monthly peak ${kw(block.kw)} (${label}) is over the contract capacity ${kw(capacity)}: the over-contract charge rises from ${money(before)} to ${money(after)}`,
      descriptionZh: `本月最高需量 ${kw(block.kw)}（${label}）超過契約容量 ${kw(capacity)}：超約附加費由 ${money(before)} 增為 ${money(after)}`,
    });
  }
  return out;
}
