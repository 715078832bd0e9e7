import type { Level } from '@wattboard/contract';
import type { ChartOption } from '../charts/echarts-setup';
import { chartColors, levelColors, noDataColor } from '../charts/chart-colors';
import { tooltipHtml } from '../charts/tooltip';
import { HOURS_PER_DAY, levelRank } from './heatmap';
import type { HeatmapDay, HourCell } from './heatmap';

export interface HeatmapText {
  level: Record<Level, string>;
  levelLabel: string;
  /** An hour without data: not begun yet (the rest of today), or a gap. */
  noData: string;
  valueKWH: string;
  averageKW: string;
  maxKW: string;
  kwh: (value: number) => string;
  kw: (value: number) => string;
  /** yyyy-MM-dd → the date as the axis shows it (yyyy/MM/dd). */
  dayLabel: (date: string) => string;
}

export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** Chart height that keeps cells readable: ~22 px a day, within sensible bounds. */
export function heatmapHeight(days: number): number {
  return Math.min(720, Math.max(160, 64 + days * 22));
}

interface CellDatum {
  value: [number, number, number];
  /** null: the hour has no data yet. */
  cell: HourCell | null;
}

const LEVELS: readonly Level[] = ['low', 'mid', 'high'];
/** The visual map's rank of an hour without data, after the three levels. */
const NO_DATA_RANK = LEVELS.length;

/**
 * Hours across, days down (the newest day at the top, as a calendar reads);
 * each cell coloured by its level, the tooltip giving the hour's kWh and kW.
 * An hour without data (the rest of today, or a gap) is drawn in a neutral
 * grey and says "no data yet": never a level's colour.
 */
export function heatmapOption(days: readonly HeatmapDay[], text: HeatmapText): ChartOption {
  const rows = [...days].reverse();
  const data: CellDatum[] = rows.flatMap((day, row) =>
    day.hours.map((cell, hour) => ({
      value: [hour, row, cell ? levelRank(cell.level) : NO_DATA_RANK] as [number, number, number],
      cell,
    })),
  );
  const tooltipFor = (params: { data: CellDatum }) => {
    const [hour, row] = params.data.value;
    const day = rows[row];
    const { cell } = params.data;
    const title = `${day ? text.dayLabel(day.date) : ''} ${hourLabel(hour)}–${hourLabel(hour + 1)}`;
    if (!cell) return tooltipHtml(title, [{ color: noDataColor, label: text.noData, value: '' }]);
    return tooltipHtml(title, [
      { color: levelColors[cell.level], label: text.levelLabel, value: text.level[cell.level] },
      { color: chartColors.energy, label: text.valueKWH, value: text.kwh(cell.valueKWH) },
      { color: chartColors.average, label: text.averageKW, value: text.kw(cell.averageKW) },
      { color: chartColors.max, label: text.maxKW, value: text.kw(cell.maxKW) },
    ]);
  };
  return {
    animation: false,
    // ECharts 6 keeps axis labels inside the chart box by default (grid.outerBounds).
    grid: { left: 8, right: 8, top: 8, bottom: 8 },
    tooltip: { trigger: 'item', confine: true, formatter: tooltipFor as never },
    xAxis: {
      type: 'category',
      data: Array.from({ length: HOURS_PER_DAY }, (_, hour) => String(hour).padStart(2, '0')),
      splitArea: { show: false },
      axisLabel: { color: chartColors.axis, hideOverlap: true },
      axisLine: { lineStyle: { color: chartColors.grid } },
    },
    yAxis: {
      type: 'category',
      data: rows.map((day) => text.dayLabel(day.date)),
      axisLabel: { color: chartColors.axis, hideOverlap: true },
      axisLine: { lineStyle: { color: chartColors.grid } },
    },
    // The third value of a cell is its level's rank; the hidden legend maps ranks to colours
    // (the page shows its own HTML legend, translated and readable by screen readers).
    visualMap: {
      type: 'piecewise',
      show: false,
      dimension: 2,
      pieces: [
        ...LEVELS.map((level) => ({ value: levelRank(level), color: levelColors[level] })),
        { value: NO_DATA_RANK, color: noDataColor },
      ],
    },
    series: [
      {
        type: 'heatmap',
        data: data as never,
        itemStyle: { borderColor: '#ffffff', borderWidth: 1, borderRadius: 2 },
        emphasis: { itemStyle: { borderColor: chartColors.axis, borderWidth: 1 } },
      },
    ],
  };
}
