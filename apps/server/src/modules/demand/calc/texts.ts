/** The demand warning's and the diary's words, English and Traditional Chinese (pure). */
import type { ShedOutlook, WarningPlan } from './warning-plan.ts';

const kw = (value: number) => `${value.toFixed(1)} kW`;

/** At most this many channels are named; the rest are counted. */
const NAMED = 3;

/** What is left of the block and the kW to take off now (issue #28: act within the block). */
function blockAdvice(plan: WarningPlan): { en: string; zh: string } {
  const minutes = plan.minutesLeft;
  if (plan.reductionKw === null) {
    return {
      en: ' Less than a minute is left in this block.',
      zh: '本時段剩餘不到 1 分鐘。',
    };
  }
  return {
    en:
      ` ${minutes} minute${minutes === 1 ? '' : 's'} left in this block: take about ` +
      `${kw(plan.reductionKw)} off now to end it at the target.`,
    zh: `本時段尚餘 ${minutes} 分鐘：需立即減少約 ${kw(plan.reductionKw)}，才能在目標內結束。`,
  };
}

function sheddingAdvice(outlook: ShedOutlook): { en: string; zh: string } {
  if (outlook.kind === 'off') {
    return {
      en: ' Automatic shedding is off: switch loads off by hand.',
      zh: '自動卸載未啟用，請手動關閉負載。',
    };
  }
  if (outlook.kind === 'nothing-left') {
    return {
      en: ' Automatic shedding has no channel left to switch off.',
      zh: '自動卸載已無可關閉的迴路。',
    };
  }
  const named = outlook.channels.slice(0, NAMED);
  const more = outlook.channels.length - named.length;
  const load = (value: number | null) => (value === null ? '?' : kw(value));
  const en = named.map((c) => `${c.name} (${load(c.loadKw)})`).join(', ');
  const zh = named.map((c) => `${c.chName}（${load(c.loadKw)}）`).join('、');
  return {
    en:
      ` Automatic shedding switches off, one a minute: ${en}` +
      `${more > 0 ? ` and ${more} more` : ''}, ${kw(outlook.coversKw)} in all.`,
    zh: `自動卸載將每分鐘關閉一個迴路：${zh}${more > 0 ? ` 等 ${more + named.length} 個` : ''}，共 ${kw(outlook.coversKw)}。`,
  };
}

/**
 * The factory's warning: the prediction against the contract; with `plan`,
 * the minutes left, the kW to take off now and what shedding will do.
 */
export function demandWarningTexts(
  predictedKw: number,
  targetKw: number,
  capacityKw: number,
  plan?: WarningPlan,
) {
  const percent = Math.round((predictedKw / capacityKw) * 100);
  const block = plan ? blockAdvice(plan) : { en: '', zh: '' };
  const shedding = plan ? sheddingAdvice(plan.shedding) : { en: '', zh: '' };
  return {
    titleEn: 'Predicted demand over target',
    descEn:
      `The 15-minute demand is predicted at ${kw(predictedKw)} (${percent}% of the contract ` +
      `capacity ${kw(capacityKw)}), over the target ${kw(targetKw)}.${block.en}${shedding.en}`,
    titleZh: '預測需量超過目標',
    descZh:
      `本 15 分鐘需量預測為 ${kw(predictedKw)}（契約容量 ${kw(capacityKw)} 的 ${percent}%），` +
      `超過目標 ${kw(targetKw)}。${block.zh}${shedding.zh}`,
  };
}

export function shedDiaryTexts(
  name: string,
  chName: string,
  predictedKw: number,
  targetKw: number,
) {
  return {
    description: `Demand management switched ${name} off (predicted ${kw(predictedKw)} > target ${kw(targetKw)})`,
    descriptionZh: `需量管理關閉 ${chName}（預測 ${kw(predictedKw)} > 目標 ${kw(targetKw)}）`,
  };
}

const ENDINGS: Record<string, { en: string; zh: string }> = {
  safe: { en: 'demand safely under the target', zh: '需量已安全低於目標' },
  'max-off': { en: 'maximum time off reached', zh: '已達最長關閉時間' },
  disabled: { en: 'automatic shedding switched off', zh: '自動卸載已關閉' },
  person: { en: 'changed by a person', zh: '已由人員變更' },
  'explicit-on': { en: 'set to on by a person', zh: '已由人員設為開啟' },
  gone: { en: 'channel removed', zh: '迴路已移除' },
};

export function restoreDiaryTexts(name: string, chName: string, endedBy: string) {
  const why = ENDINGS[endedBy] ?? { en: endedBy, zh: endedBy };
  return {
    description: `Demand management gave ${name} back (${why.en})`,
    descriptionZh: `需量管理恢復 ${chName}（${why.zh}）`,
  };
}

/**
 * The warning on a node with its own capacity (issue #15): same title, the
 * node named; with `plan`, the minutes left and the kW to take off (shedding
 * answers the contract capacity only, so it is not mentioned).
 */
export function nodeDemandWarningTexts(
  node: string,
  predictedKw: number,
  targetKw: number,
  capacityKw: number,
  plan?: WarningPlan,
) {
  const percent = Math.round((predictedKw / capacityKw) * 100);
  const block = plan ? blockAdvice(plan) : { en: '', zh: '' };
  return {
    titleEn: 'Predicted demand over target',
    descEn:
      `${node}: the 15-minute demand is predicted at ${kw(predictedKw)} (${percent}% of its ` +
      `capacity ${kw(capacityKw)}), over the target ${kw(targetKw)}.${block.en}`,
    titleZh: '預測需量超過目標',
    descZh:
      `${node}：本 15 分鐘需量預測為 ${kw(predictedKw)}（容量 ${kw(capacityKw)} 的 ${percent}%），` +
      `超過目標 ${kw(targetKw)}。${block.zh}`,
  };
}
