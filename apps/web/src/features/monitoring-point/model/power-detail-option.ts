import type { ChartOption } from '@/components/charts/echarts-setup';
import { chartColors } from '@/components/charts/chart-colors';
import { energyPowerFrame } from '@/components/charts/energy-power-frame';
import { tooltipHtml } from '@/components/charts/tooltip';
import type { BarKey, LineKey, PowerDetailSeries } from './power-detail';

export interface PowerDetailText {
  series: Record<BarKey | LineKey, string>;
  kwhAxis: string;
  kwAxis: string;
  /** Axis label and tooltip title of a bucket, from its time. */
  axisLabel: (time: string) => string;
  tooltipTitle: (time: string) => string;
  /** "12.5 kWh" / "40.2 kW" in the page's language. */
  kwh: (value: number | null) => string;
  kw: (value: number | null) => string;
}

export const BAR_COLORS: Record<BarKey, string> = {
  kwh: chartColors.energy,
  positive: chartColors.energy,
  reverse: chartColors.reverse,
};
export const LINE_COLORS: Record<LineKey, string> = {
  avgKw: chartColors.average,
  maxKw: chartColors.max,
  typicalKw: chartColors.typical,
};

interface AxisTooltipParam {
  dataIndex: number;
}

/**
 * kWh bars on the left axis, average and max kW lines on the right. With
 * reverse energy, consumed and fed-back kWh stand side by side, both from
 * zero, so the two axes keep one baseline and every bar reads directly.
 */
export function powerDetailOption(series: PowerDetailSeries, text: PowerDetailText): ChartOption {
  const bars = series.bars.map(({ key, values }) => ({
    type: 'bar' as const,
    name: text.series[key],
    yAxisIndex: 0,
    itemStyle: { color: BAR_COLORS[key] },
    data: values,
    barMaxWidth: 18,
    barGap: '0%',
  }));
  const lines = series.lines.map(({ key, values }) => ({
    type: 'line' as const,
    name: text.series[key],
    yAxisIndex: 1,
    showSymbol: false,
    connectNulls: false,
    sampling: 'lttb' as const,
    // The typical day is a reference, not a measurement: dashed, so it never reads as one.
    lineStyle: {
      width: 2,
      color: LINE_COLORS[key],
      type: (key === 'typicalKw' ? 'dashed' : 'solid') as 'dashed' | 'solid',
    },
    itemStyle: { color: LINE_COLORS[key] },
    data: values,
  }));

  const tooltipFor = (params: AxisTooltipParam | AxisTooltipParam[]): string => {
    const index = (Array.isArray(params) ? params[0] : params)?.dataIndex ?? 0;
    const time = series.times[index] ?? '';
    return tooltipHtml(text.tooltipTitle(time), [
      ...series.bars.map(({ key, values }) => ({
        color: BAR_COLORS[key],
        label: text.series[key],
        value: text.kwh(values[index] ?? null),
      })),
      ...series.lines.map(({ key, values }) => ({
        color: LINE_COLORS[key],
        label: text.series[key],
        value: text.kw(values[index] ?? null),
      })),
    ]);
  };

  return {
    ...energyPowerFrame({
      times: series.times,
      axisLabel: text.axisLabel,
      kwhAxis: text.kwhAxis,
      kwAxis: text.kwAxis,
      tooltip: tooltipFor as never,
    }),
    series: [...bars, ...lines],
  };
}
