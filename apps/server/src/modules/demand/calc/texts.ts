/** The demand warning's and the diary's words, English and Traditional Chinese (pure). */
const kw = (value: number) => `${value.toFixed(1)} kW`;

export function demandWarningTexts(predictedKw: number, targetKw: number, capacityKw: number) {
  const percent = Math.round((predictedKw / capacityKw) * 100);
  return {
    titleEn: 'Predicted demand over target',
    descEn:
      `The 15-minute demand is predicted at ${kw(predictedKw)} (${percent}% of the contract ` +
      `capacity ${kw(capacityKw)}), over the target ${kw(targetKw)}.`,
    titleZh: '預測需量超過目標',
    descZh:
      `本 15 分鐘需量預測為 ${kw(predictedKw)}（契約容量 ${kw(capacityKw)} 的 ${percent}%），` +
      `超過目標 ${kw(targetKw)}。`,
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

/** The warning on a node with its own capacity (issue #15): same title, the node named. */
export function nodeDemandWarningTexts(
  node: string,
  predictedKw: number,
  targetKw: number,
  capacityKw: number,
) {
  const percent = Math.round((predictedKw / capacityKw) * 100);
  return {
    titleEn: 'Predicted demand over target',
    descEn:
      `${node}: the 15-minute demand is predicted at ${kw(predictedKw)} (${percent}% of its ` +
      `capacity ${kw(capacityKw)}), over the target ${kw(targetKw)}.`,
    titleZh: '預測需量超過目標',
    descZh:
      `${node}：本 15 分鐘需量預測為 ${kw(predictedKw)}（容量 ${kw(capacityKw)} 的 ${percent}%），` +
      `超過目標 ${kw(targetKw)}。`,
  };
}
