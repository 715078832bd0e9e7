/**
 * The scheduled report's mail: one mail in English then Traditional Chinese
 * (receivers are bare addresses with no language of their own), the key
 * figures as facts, the .xlsx attached by the caller. Pure.
 */
import type { ScheduledReportKind, WasteFindingItem } from '@wattboard/contract';
import type { ZoneClock } from '@wattboard/zone-time';
import { renderMailDocument, type RenderedMail } from '../mail/index.ts';
import type { ReportFigures } from './report-figures.ts';
import { localMinute, periodText } from './report-workbook.ts';
import { wasteLine } from './report-waste.ts';

const KIND = {
  weekly: { en: 'Weekly', zh: '每週' },
  monthly: { en: 'Monthly', zh: '每月' },
} as const;

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const num = (value: number) => number.format(value);

function change(figures: ReportFigures): string {
  const sign = figures.changeKwh > 0 ? '+' : '';
  const percent = figures.changePercent === null ? '' : ` (${sign}${num(figures.changePercent)} %)`;
  return `${sign}${num(figures.changeKwh)} kWh${percent}`;
}

export interface ReportMailInput {
  factory: { name: string; nameZh: string };
  kind: ScheduledReportKind;
  figures: ReportFigures;
  clock: ZoneClock;
  fileName: string;
  /** The weekly report's waste findings of the period, ranked (issue #27); absent: monthly. */
  waste?: readonly WasteFindingItem[];
}

export function renderReportMail(input: ReportMailInput): RenderedMail {
  const { factory, kind, figures: f, clock } = input;
  const period = periodText(f.period);
  const peak = f.peak ? `${num(f.peak.kw)} kW, ${localMinute(f.peak.start, clock)}` : '—';
  const top = f.topConsumers.slice(0, 3);
  const topEn = top.map((n) => `${n.name} ${num(n.kwh)} kWh`).join('; ') || '—';
  const topZh = top.map((n) => `${n.chName} ${num(n.kwh)} kWh`).join('；') || '—';
  return renderMailDocument(
    `[Wattboard] ${KIND[kind].en} energy report ${period}: ${factory.name} / ${KIND[kind].zh}用電報告：${factory.nameZh}`,
    [
      {
        lang: 'en',
        heading: `${KIND[kind].en} energy report: ${factory.name}`,
        paragraphs: [
          `Energy use of ${period} (${clock.timeZone}). The attached ${input.fileName} has the figures per day and per monitoring point.`,
        ],
        facts: [
          ['Energy', `${num(f.kwh)} kWh`],
          ['CO2', `${num(f.co2)} kg`],
          ['Energy cost', f.cost === null ? 'no tariff set' : `NT$${num(f.cost)}`],
          ['Peak 15-minute demand', peak],
          [`Change vs ${periodText(f.previousPeriod)}`, change(f)],
          ['Top consumers', topEn],
          ...(input.waste
            ? [['Possible waste', wasteLine(input.waste, 'en')] as [string, string]]
            : []),
        ],
        footer:
          'You receive this mail because the factory’s Admin added you to its scheduled reports.',
      },
      {
        lang: 'zh-Hant-TW',
        heading: `${KIND[kind].zh}用電報告：${factory.nameZh}`,
        paragraphs: [
          `${period}（${clock.timeZone}）的用電情形。附件 ${input.fileName} 內含每日與各監測點的數據。`,
        ],
        facts: [
          ['用電量', `${num(f.kwh)} kWh`],
          ['碳排放量', `${num(f.co2)} kg`],
          ['流動電費', f.cost === null ? '未設定電價' : `新臺幣 ${num(f.cost)} 元`],
          ['最高 15 分鐘需量', peak],
          [`與 ${periodText(f.previousPeriod)} 相比`, change(f)],
          ['用電排行', topZh],
          ...(input.waste
            ? [['可能的浪費', wasteLine(input.waste, 'zh')] as [string, string]]
            : []),
        ],
        footer: '您收到此郵件，是因為工廠管理員將您加入定期報告的收件人。',
      },
    ],
  );
}
