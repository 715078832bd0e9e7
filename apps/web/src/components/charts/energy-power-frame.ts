import type { ChartOption } from './echarts-setup';
import { chartColors } from './chart-colors';

export interface EnergyPowerFrameInput {
  /** The buckets' times, the category axis. */
  times: string[];
  axisLabel: (time: string) => string;
  kwhAxis: string;
  kwAxis: string;
  tooltip: (params: unknown) => string;
  /** Top of the kW axis (the Overview keeps its capacity line in view); automatic when absent. */
  kwMax?: number | undefined;
}

/**
 * The frame of the energy-and-power charts (the Overview's power chart and the
 * Monitoring Point's power detail): one category axis of bucket times, kWh bars
 * on the left axis, kW lines on the right, one tooltip per bucket. Each page adds
 * its own series.
 */
export function energyPowerFrame(input: EnergyPowerFrameInput): Omit<ChartOption, 'series'> {
  return {
    animation: false,
    // ECharts 6 keeps axis labels inside the chart box by default (grid.outerBounds).
    grid: { left: 8, right: 8, top: 28, bottom: 8 },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      confine: true,
      formatter: input.tooltip as never,
    },
    xAxis: {
      type: 'category',
      data: input.times,
      axisLabel: { formatter: input.axisLabel, color: chartColors.axis, hideOverlap: true },
      axisLine: { lineStyle: { color: chartColors.grid } },
    },
    yAxis: [
      {
        type: 'value',
        name: input.kwhAxis,
        nameTextStyle: { color: chartColors.axis, align: 'left' },
        axisLabel: { color: chartColors.axis },
        splitLine: { lineStyle: { color: chartColors.grid } },
      },
      {
        type: 'value',
        name: input.kwAxis,
        nameTextStyle: { color: chartColors.axis, align: 'right' },
        axisLabel: { color: chartColors.axis },
        splitLine: { show: false },
        max: input.kwMax,
      },
    ],
  };
}
