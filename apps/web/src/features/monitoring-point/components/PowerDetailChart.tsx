import { useMemo } from 'react';
import type { EnergyChart, MonitorBaselineResponse } from '@wattboard/contract';
import { useTranslation } from 'react-i18next';
import { ChartLegend } from '@/components/charts/ChartLegend';
import { EChart } from '@/components/charts/EChart';
import { EmptyState } from '@/components/QueryStates';
import { chartTimeLabel, chartTimeTitle } from '@/components/charts/chart-time';
import { formatNumber, formatWithUnit } from '@/lib/format';
import {
  alignPowerDetail,
  hasChartData,
  highestValue,
  withTypicalLine,
} from '../model/power-detail';
import { typicalOnAxis } from '../model/typical-day';
import { BAR_COLORS, LINE_COLORS, powerDetailOption } from '../model/power-detail-option';
import { StatList } from './StatList';
import { TypicalDayNote } from './TypicalDayNote';

interface PowerDetailChartProps {
  chart: EnergyChart;
  resolution: number;
  zone: string | null;
  multiDay: boolean;
  /** The point's typical day, drawn dashed when the page has it (docs/baseline.md). */
  typical?: MonitorBaselineResponse | undefined;
}

/** The range's totals and peaks, then kWh bars with average and max kW lines. */
export function PowerDetailChart(props: PowerDetailChartProps) {
  const { chart, resolution, zone, multiDay, typical } = props;
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const measured = useMemo(() => alignPowerDetail(chart), [chart]);
  const series = useMemo(
    () =>
      typical
        ? withTypicalLine(measured, typicalOnAxis(measured.times, typical.baselineKw, resolution))
        : measured,
    [measured, typical, resolution],
  );
  const names = useMemo(
    () => ({
      kwh: t('monitoringPoint.powerDetail.series.kwh'),
      positive: t('monitoringPoint.powerDetail.series.positive'),
      reverse: t('monitoringPoint.powerDetail.series.reverse'),
      avgKw: t('monitoringPoint.powerDetail.series.avgKw'),
      maxKw: t('monitoringPoint.powerDetail.series.maxKw'),
      typicalKw: t('monitoringPoint.powerDetail.series.typicalKw'),
    }),
    [t],
  );
  const option = useMemo(
    () =>
      powerDetailOption(series, {
        series: names,
        kwhAxis: t('charts.kwh'),
        kwAxis: t('charts.kw'),
        axisLabel: (time) => chartTimeLabel(time, zone, multiDay),
        tooltipTitle: (time) => chartTimeTitle(time, zone),
        kwh: (value) => formatWithUnit(value, 'kWh', language),
        kw: (value) => formatWithUnit(value, 'kW', language),
      }),
    [series, names, t, zone, multiDay, language],
  );
  const n = (value: number | null) => formatNumber(value, language);
  const stats = [
    {
      key: 'total',
      label: t('monitoringPoint.powerDetail.total'),
      value: n(chart.useKwh.value),
      note: `${t('monitoringPoint.powerDetail.co2')} ${n(chart.useKwh.co2)}`,
    },
    { key: 'maxKwh', label: t('monitoringPoint.powerDetail.maxKwh'), value: n(chart.maxKwh) },
    { key: 'peakKwh', label: t('monitoringPoint.powerDetail.peakKwh'), value: n(chart.peakKwh) },
    { key: 'peakKw', label: t('monitoringPoint.powerDetail.peakKw'), value: n(chart.peakKw) },
    {
      key: 'maxKw',
      label: t('monitoringPoint.powerDetail.maxKw'),
      value: n(highestValue(chart.maxKwChart)),
    },
  ];
  return (
    <>
      <StatList stats={stats} testId="power-detail-stats" />
      {hasChartData(measured) ? (
        <>
          <ChartLegend
            label={t('monitoringPoint.powerDetail.legend')}
            items={[
              ...series.bars.map(({ key }) => ({ key, label: names[key], color: BAR_COLORS[key] })),
              ...series.lines.map(({ key }) => ({
                key,
                label: names[key],
                color: LINE_COLORS[key],
              })),
            ]}
          />
          <EChart
            option={option}
            height={320}
            label={t('monitoringPoint.powerDetail.chartLabel', { minutes: resolution })}
            testId="power-detail-chart"
          />
          {typical && <TypicalDayNote typical={typical} multiDay={multiDay} />}
        </>
      ) : (
        <EmptyState text={t('monitoringPoint.powerDetail.empty')} />
      )}
    </>
  );
}
