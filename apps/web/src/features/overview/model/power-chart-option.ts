import type { OverviewPowerChartResponse } from '@wattboard/contract';
import type { ChartOption } from '@/components/charts/echarts-setup';
import { chartColors } from '@/components/charts/chart-colors';
import { energyPowerFrame } from '@/components/charts/energy-power-frame';
import { tooltipHtml } from '@/components/charts/tooltip';

export interface PowerChartSeries {
  times: string[];
  kwh: (number | null)[];
  averageKw: (number | null)[];
  maxKw: (number | null)[];
}

/** The three lists aligned on the energy list's quarter hours (null where a list has no value). */
export function powerChartSeries(chart: OverviewPowerChartResponse): PowerChartSeries {
  const valueAt = (list: OverviewPowerChartResponse['listPowerMaxKW']) => {
    const byTime = new Map(list.map((point) => [point.time, point.value]));
    return (time: string) => byTime.get(time) ?? null;
  };
  const times = chart.listPowerUsageKWH.map((point) => point.time);
  const average = valueAt(chart.listPowerAverageKW);
  const max = valueAt(chart.listPowerMaxKW);
  return {
    times,
    kwh: chart.listPowerUsageKWH.map((point) => point.value),
    averageKw: times.map(average),
    maxKw: times.map(max),
  };
}

/** True when some quarter hour of the day has a value (a future day has none). */
export function hasPowerData(series: PowerChartSeries): boolean {
  return [...series.kwh, ...series.averageKw, ...series.maxKw].some((value) => value !== null);
}

export interface PowerChartText {
  kwh: string;
  averageKw: string;
  maxKw: string;
  capacity: string;
  kwhAxis: string;
  kwAxis: string;
  axisLabel: (time: string) => string;
  tooltipTitle: (time: string) => string;
  formatKwh: (value: number | null) => string;
  formatKw: (value: number | null) => string;
}

export const POWER_COLORS = {
  kwh: chartColors.energy,
  averageKw: chartColors.average,
  maxKw: chartColors.max,
  capacity: '#b45309',
} as const;

/**
 * kWh per quarter hour as bars (left axis), average and max kW as lines
 * (right axis), and the contract capacity as a dashed line on the kW axis so
 * "how close to the limit" reads directly.
 */
export function powerChartOption(
  series: PowerChartSeries,
  capacityKw: number | null,
  text: PowerChartText,
): ChartOption {
  const line = (name: string, values: (number | null)[], color: string) => ({
    type: 'line' as const,
    name,
    yAxisIndex: 1,
    showSymbol: false,
    connectNulls: false,
    lineStyle: { width: 2, color },
    itemStyle: { color },
    data: values,
  });
  const maxLine = line(text.maxKw, series.maxKw, POWER_COLORS.maxKw);
  const capacityMark =
    capacityKw !== null && capacityKw > 0
      ? {
          markLine: {
            silent: true,
            symbol: 'none',
            lineStyle: { color: POWER_COLORS.capacity, type: 'dashed' as const, width: 2 },
            label: {
              formatter: `${text.capacity} ${text.formatKw(capacityKw)}`,
              position: 'insideEndTop' as const,
            },
            data: [{ yAxis: capacityKw }],
          },
        }
      : {};
  const tooltipFor = (params: { dataIndex: number } | { dataIndex: number }[]) => {
    const index = (Array.isArray(params) ? params[0] : params)?.dataIndex ?? 0;
    return tooltipHtml(text.tooltipTitle(series.times[index] ?? ''), [
      {
        color: POWER_COLORS.kwh,
        label: text.kwh,
        value: text.formatKwh(series.kwh[index] ?? null),
      },
      {
        color: POWER_COLORS.averageKw,
        label: text.averageKw,
        value: text.formatKw(series.averageKw[index] ?? null),
      },
      {
        color: POWER_COLORS.maxKw,
        label: text.maxKw,
        value: text.formatKw(series.maxKw[index] ?? null),
      },
    ]);
  };
  const peak = Math.max(0, ...series.maxKw.map((value) => value ?? 0));
  return {
    ...energyPowerFrame({
      times: series.times,
      axisLabel: text.axisLabel,
      kwhAxis: text.kwhAxis,
      kwAxis: text.kwAxis,
      tooltip: tooltipFor as never,
      // The capacity line stays in view even on a quiet day.
      kwMax: capacityKw !== null && capacityKw > peak ? Math.ceil(capacityKw * 1.05) : undefined,
    }),
    series: [
      {
        type: 'bar',
        name: text.kwh,
        yAxisIndex: 0,
        itemStyle: { color: POWER_COLORS.kwh },
        barMaxWidth: 10,
        data: series.kwh,
      },
      line(text.averageKw, series.averageKw, POWER_COLORS.averageKw),
      { ...maxLine, ...capacityMark },
    ],
  };
}
