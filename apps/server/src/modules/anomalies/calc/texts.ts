/**
 * An anomaly event's words in English and Traditional Chinese: the point,
 * its kW against its typical kW (how far, and by what share when the typical
 * load is not nil) and since when, on the factory's wall clock. Pure.
 */
import type { AnomalyDirection } from './detect.ts';

export interface AnomalyFacts {
  node: { name: string; chName: string };
  direction: AnomalyDirection;
  kw: number;
  baselineKw: number;
  /** yyyy/MM/dd HH:mm, factory-local: the start of the first away quarter. */
  since: string;
}

export interface AnomalyTexts {
  titleEn: string;
  descEn: string;
  titleZh: string;
  descZh: string;
}

/** 12.5, 0.3, 120: one decimal, no trailing zero. */
export function formatKw(kw: number): string {
  const rounded = Number(kw.toFixed(1));
  return String(rounded === 0 ? 0 : rounded);
}

/** A typical load under this is nil: a share of it means nothing (a night's 0.1 kW). */
const SHARE_FROM_KW = 0.5;

export function anomalyTexts({
  node,
  direction,
  kw,
  baselineKw,
  since,
}: AnomalyFacts): AnomalyTexts {
  const gap = formatKw(Math.abs(kw - baselineKw));
  const share =
    Math.abs(baselineKw) >= SHARE_FROM_KW
      ? Math.round((Math.abs(kw - baselineKw) / Math.abs(baselineKw)) * 100)
      : null;
  const above = direction === 'above';
  const shareEn = share === null ? '' : ` (${share} %)`;
  const shareZh = share === null ? '' : `（${share}%）`;
  return {
    titleEn: `Anomaly: ${node.name}`,
    descEn:
      `${node.name} has drawn ${formatKw(kw)} kW since ${since}, ${gap} kW${shareEn} ` +
      `${above ? 'above' : 'below'} its typical ${formatKw(baselineKw)} kW.`,
    titleZh: `用電異常：${node.chName}`,
    descZh:
      `${node.chName} 自 ${since} 起用電 ${formatKw(kw)} kW，` +
      `比平常的 ${formatKw(baselineKw)} kW ${above ? '高' : '低'} ${gap} kW${shareZh}。`,
  };
}
