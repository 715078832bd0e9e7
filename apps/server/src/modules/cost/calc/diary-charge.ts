import type { PowerDiaryEntry } from '@wattboard/contract';
import type { DemandBlock } from '../../overview/index.ts';
import { kw } from '../../overview/index.ts';
import { QUARTER_MS, type ZoneClock } from '@wattboard/zone-time';
import { roundMoney } from './bill.ts';
import type { DemandPeriod, PeriodMaxima } from './contract-capacity.ts';

export interface ChargeDiaryInput {
  /** The main billing point's complete blocks of today, in time order, each with its period. */
  blocks: readonly (DemandBlock & { period: DemandPeriod | null })[];
  /** The billing period's highest block in each time-of-use period before today. */
  maximaBefore: PeriodMaxima;
  /** The billing period's over-contract charge at given maxima (period-demand.ts); null without one. */
  penalty: (maxima: PeriodMaxima) => number | null;
  /** kW, regular contract, for the text. */
  contractCapacityKw: number;
  rootId: number | null;
}

const money = (value: number) =>
  `TWD ${roundMoney(value).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

const PERIOD_NAMES: Record<DemandPeriod, { en: string; zh: string }> = {
  peak: { en: 'peak-hour', zh: '尖峰' },
  halfPeak: { en: 'half-peak', zh: '半尖峰' },
  saturdayHalfPeak: { en: 'Saturday half-peak', zh: '週六半尖峰' },
  offPeak: { en: 'off-peak', zh: '離峰' },
};

/**
 * Issues #15 and #24: every block of today that set a new highest demand of
 * its time-of-use period in the billing period and so raised the
 * over-contract charge (each period's excess is charged at its own contract
 * type's rate, period-demand.ts) is noted, timed at its block's end, with
 * the charge before and after, in both languages.
 */
export function demandChargeEntries(
  input: ChargeDiaryInput,
  clock: ZoneClock,
): Array<PowerDiaryEntry & { at: number }> {
  const hhmm = (t: number) => clock.formatIso(t).slice(11, 16);
  const out: Array<PowerDiaryEntry & { at: number }> = [];
  let maxima = { ...input.maximaBefore };
  const first = input.penalty(maxima);
  if (first === null) return [];
  let before: number = first;
  for (const block of input.blocks) {
    const period = block.period;
    if (period === null || block.kw <= (maxima[period] ?? -Infinity)) continue;
    maxima = { ...maxima, [period]: block.kw };
    const after: number = input.penalty(maxima) ?? before;
    // Cents: a rise that rounds away is no news.
    if (roundMoney(after) <= roundMoney(before)) {
      before = after;
      continue;
    }
    const end = block.start + QUARTER_MS;
    const label = `${hhmm(block.start)}–${hhmm(end)}`;
    const name = PERIOD_NAMES[period];
    const capacity = kw(input.contractCapacityKw);
    out.push({
      at: end,
      status: 'alarm',
      kind: 'demandChargeRaised',
      time: new Date(end).toISOString(),
      nodeId: input.rootId,
      description: `New highest ${name.en} demand of the billing period ${kw(block.kw)} (${label}) is over the contract capacity ${capacity}: the over-contract charge rises from ${money(before)} to ${money(after)}`,
      descriptionZh: `本期${name.zh}最高需量 ${kw(block.kw)}（${label}）超過契約容量 ${capacity}：超約附加費由 ${money(before)} 增為 ${money(after)}`,
    });
    before = after;
  }
  return out;
}
