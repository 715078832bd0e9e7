import { useEffect, useRef } from 'react';
import type { EChartsType } from 'echarts/core';
import { whenNearScreen } from '@/lib/near-screen';
import type * as ChartsSetup from './echarts-setup';
import type { ChartOption } from './echarts-setup';
import './charts.css';

interface EChartProps {
  option: ChartOption;
  height: number;
  /** What the chart shows, for screen readers (the chart itself is a picture). */
  label: string;
  testId?: string;
}

type ChartsModule = typeof ChartsSetup;
let charts: Promise<ChartsModule> | null = null;

/**
 * ECharts is its own chunk, fetched when the first chart comes near the screen
 * (after the page's numbers are painted), never part of a page's first load
 * (docs/decisions.md "Client speed"). Fetched once; again after a
 * failed fetch.
 */
function loadCharts(): Promise<ChartsModule> {
  charts ??= import('./echarts-setup').catch((error: unknown) => {
    charts = null;
    throw error;
  });
  return charts;
}

/**
 * Draws an ECharts option into a box of the given height and the container's
 * width; follows the container's size and replaces the whole option on change
 * (no stale series survive a switch between data sets). The box holds its
 * final size until it nears the screen and while the chart code arrives, so
 * nothing moves.
 */
export function EChart({ option, height, label, testId }: EChartProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const chartRef = useRef<EChartsType | null>(null);
  const optionRef = useRef(option);
  optionRef.current = option;

  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    let chart: EChartsType | null = null;
    let observer: ResizeObserver | undefined;
    let disposed = false;
    const stopWatching = whenNearScreen(box, () => {
      void loadCharts().then(
        ({ createChart }) => {
          if (disposed) return;
          chart = createChart(box, height);
          chartRef.current = chart;
          chart.setOption(optionRef.current, { notMerge: true, lazyUpdate: true });
          observer =
            typeof ResizeObserver === 'undefined'
              ? undefined
              : new ResizeObserver(() => chart?.resize({ height }));
          observer?.observe(box);
        },
        (error: unknown) => console.warn('Chart code could not be loaded:', error),
      );
    });
    return () => {
      disposed = true;
      stopWatching();
      observer?.disconnect();
      chart?.dispose();
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
