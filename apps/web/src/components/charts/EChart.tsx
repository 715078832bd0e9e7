import { useEffect, useRef } from 'react';
import type { EChartsType } from 'echarts/core';
import { createChart } from './echarts-setup';
import type { ChartOption } from './echarts-setup';
import './charts.css';

interface EChartProps {
  option: ChartOption;
  height: number;
  /** What the chart shows, for screen readers (the chart itself is a picture). */
  label: string;
  testId?: string;
}

/**
 * Draws an ECharts option into a box of the given height and the container's
 * width; follows the container's size and replaces the whole option on change
 * (no stale series survive a switch between data sets).
 */
export function EChart({ option, height, label, testId }: EChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const chart = createChart(box, height);
    chartRef.current = chart;
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => chart.resize({ height }));
    observer?.observe(box);
    return () => {
      observer?.disconnect();
      chart.dispose();
      chartRef.current = null;
    };
  }, [height]);

  useEffect(() => {
    chartRef.current?.setOption(option, { notMerge: true, lazyUpdate: true });
  }, [option, height]);

  return (
    <div
      ref={boxRef}
      className="wb-chart"
      style={{ height }}
      role="img"
      aria-label={label}
      data-testid={testId}
    />
  );
}
