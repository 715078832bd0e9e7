import type { ChartOption } from '@/components/charts/echarts-setup';
import { chartColors } from '@/components/charts/chart-colors';
import { tooltipHtml } from '@/components/charts/tooltip';
import type { ComparisonBars, PieSlice } from './comparison';

export interface ComparisonText {
  total: string;
  kwhAxis: string;
  dayLabel: (date: string) => string;
  formatKwh: (value: number | null) => string;
  formatShare: (percent: number) => string;
}

/** Stacked bars per day, one segment per channel; the tooltip lists each and the day's total. */
export function comparisonBarOption(bars: ComparisonBars, text: ComparisonText): ChartOption {
  const tooltipFor = (params: { dataIndex: number } | { dataIndex: number }[]) => {
    const index = (Array.isArray(params) ? params[0] : params)?.dataIndex ?? 0;
    return tooltipHtml(text.dayLabel(bars.dates[index] ?? ''), [
      ...bars.channels.map((channel) => ({
        color: channel.color,
        label: channel.label,
        value: text.formatKwh(channel.values[index] ?? null),
      })),
      {
        color: chartColors.axis,
        label: text.total,
        value: text.formatKwh(bars.totals[index] ?? null),
      },
    ]);
  };
  return {
    animation: false,
    grid: { left: 8, right: 8, top: 28, bottom: 8 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      confine: true,
      formatter: tooltipFor as never,
    },
    xAxis: {
      type: 'category',
      data: bars.dates,
      axisLabel: { formatter: text.dayLabel, color: chartColors.axis, hideOverlap: true },
      axisLine: { lineStyle: { color: chartColors.grid } },
    },
    yAxis: {
      type: 'value',
      name: text.kwhAxis,
      nameTextStyle: { color: chartColors.axis, align: 'left' },
      axisLabel: { color: chartColors.axis },
      splitLine: { lineStyle: { color: chartColors.grid } },
    },
    series: bars.channels.map((channel) => ({
      type: 'bar' as const,
      name: channel.label,
      stack: 'channels',
      barMaxWidth: 28,
      itemStyle: { color: channel.color },
      data: channel.values,
    })),
  };
}

/** Below this chart width the slices carry no labels: the legend lists each share instead. */
export const NARROW_PIE_PX = 480;

/**
 * A ring: each slice's share; the tooltip gives its kWh and percentage. On a
 * wide chart each slice is labelled with its percentage; on a narrow one (a
 * phone) the labels would be cut to "3" or "6", so the slices carry none and
 * the HTML legend below, which always gives each share, reads instead.
 */
export function comparisonPieOption(
  slices: readonly PieSlice[],
  text: ComparisonText,
): ChartOption {
  const tooltipFor = (params: { dataIndex: number }) => {
    const slice = slices[params.dataIndex];
    if (!slice) return '';
    return tooltipHtml(slice.label, [
      { color: slice.color, label: text.kwhAxis, value: text.formatKwh(slice.kwh) },
      { color: slice.color, label: '%', value: text.formatShare(slice.share) },
    ]);
  };
  const shareOf = (params: { dataIndex: number }) => {
    const slice = slices[params.dataIndex];
    return slice ? text.formatShare(slice.share) : '';
  };
  // Media rules on the root apply over the rest of the option as the chart's width changes.
  return {
    animation: false,
    tooltip: { trigger: 'item', confine: true, formatter: tooltipFor as never },
    series: [
      {
        type: 'pie',
        radius: ['40%', '70%'],
        avoidLabelOverlap: true,
        // Names are in the HTML legend below; the ring carries only the percentages.
        label: { show: true, formatter: shareOf as never, color: chartColors.axis },
        labelLine: { show: true },
        data: slices.map((slice) => ({
          name: slice.label,
          value: slice.kwh,
          itemStyle: { color: slice.color },
        })),
      },
    ],
    media: [
      {
        query: { maxWidth: NARROW_PIE_PX },
        option: {
          series: [{ radius: ['45%', '80%'], label: { show: false }, labelLine: { show: false } }],
        },
      },
    ],
  } as ChartOption;
}
