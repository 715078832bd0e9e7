/**
 * The weekly report's "possible waste" line (issue #27): the week's three
 * largest findings of the waste finder (docs/waste.md), per point with what
 * it found and its kWh and NT$ per week, in each language. Pure.
 */
import type { WasteFindingItem } from '@wattboard/contract';

/** How many findings the mail names; the page lists them all. */
export const REPORT_WASTE_LIMIT = 3;

const KIND_TEXT = {
  offHours: { en: 'runs when nobody works', zh: '無人上班時運轉' },
  overrun: { en: 'runs on after its shift', zh: '下班後仍運轉' },
  creep: { en: 'base load creeping up', zh: '基載逐漸上升' },
  standby: { en: 'standby draw', zh: '待機耗電' },
} as const;

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/** "Chiller: standby draw, 2,427 kWh/week (NT$10,605)"; '—' when nothing was found. */
export function wasteLine(findings: readonly WasteFindingItem[], lang: 'en' | 'zh'): string {
  const top = findings.slice(0, REPORT_WASTE_LIMIT);
  if (top.length === 0) return lang === 'en' ? 'none found' : '未發現';
  return top
    .map((finding) => {
      const kwh = `${number.format(finding.kwhPerWeek)} kWh`;
      if (lang === 'en') {
        const cost =
          finding.costPerWeek === null ? '' : ` (NT$${number.format(finding.costPerWeek)})`;
        return `${finding.name}: ${KIND_TEXT[finding.kind].en}, ${kwh}/week${cost}`;
      }
      const cost =
        finding.costPerWeek === null ? '' : `（新臺幣 ${number.format(finding.costPerWeek)} 元）`;
      return `${finding.chName}：${KIND_TEXT[finding.kind].zh}，每週 ${kwh}${cost}`;
    })
    .join(lang === 'en' ? '; ' : '；');
}
