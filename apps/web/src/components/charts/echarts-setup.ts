import { init, use as registerChartParts } from 'echarts/core';
import type { ComposeOption, EChartsType } from 'echarts/core';
import { BarChart, HeatmapChart, LineChart, PieChart } from 'echarts/charts';
import type {
  BarSeriesOption,
  HeatmapSeriesOption,
  LineSeriesOption,
  PieSeriesOption,
} from 'echarts/charts';
import {
  GridComponent,
  MarkLineComponent,
  TooltipComponent,
  VisualMapPiecewiseComponent,
} from 'echarts/components';
import type {
  GridComponentOption,
  MarkLineComponentOption,
  TooltipComponentOption,
  VisualMapComponentOption,
} from 'echarts/components';
import { SVGRenderer } from 'echarts/renderers';

// Only what the dashboard draws is registered, so the bundle carries only
// these charts (tree-shaken `echarts/core`). SVG keeps text crisp at every
// zoom and works where no canvas exists (the component tests' jsdom). Legends are
// HTML (ChartLegend): translated with the page, readable by screen readers, and they
// wrap on a phone instead of covering the plot.
registerChartParts([
  BarChart,
  LineChart,
  HeatmapChart,
  // Overview: the consumption comparison's pie, and the contract capacity as a line.
  PieChart,
  MarkLineComponent,
  GridComponent,
  TooltipComponent,
  // The heatmap colours its cells through a (hidden) piecewise visual map.
  VisualMapPiecewiseComponent,
  SVGRenderer,
]);

export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | HeatmapSeriesOption
  | PieSeriesOption
  | MarkLineComponentOption
  | GridComponentOption
  | TooltipComponentOption
  | VisualMapComponentOption
>;

export function createChart(element: HTMLElement, height: number): EChartsType {
  // The page's own font stack, not ECharts' plain sans-serif: on a machine without
  // a Chinese font only the product font (styles/tokens.css) draws axis names in 中文.
  const theme = { textStyle: { fontFamily: getComputedStyle(element).fontFamily } };
  return init(element, theme, { renderer: 'svg', height });
}
