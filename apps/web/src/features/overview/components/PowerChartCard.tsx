import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartLegend } from '@/components/charts/ChartLegend';
import { chartTimeLabel, chartTimeTitle } from '@/components/charts/chart-time';
import { EChart } from '@/components/charts/EChart';
import { EmptyState } from '@/components/QueryStates';
import { displayDate, formatWithUnit } from '@/lib/format';
import { useFactoryTimeBase } from '@/lib/hooks/use-factory-time';
import { isCalendarDate } from '@/lib/page-params';
import { usePowerChart } from '../api/power-chart';
import {
  hasPowerData,
  POWER_COLORS,
  powerChartOption,
  powerChartSeries,
} from '../model/power-chart-option';
import { CardState, OverviewCard } from './OverviewCard';

/** The factory root's 96 quarter hours of a day (today unless another date is picked). */
export function PowerChartCard({ today, live }: { today: string; live: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const inputId = useId();
  const zone = useFactoryTimeBase()?.zone ?? null;
  // Unpicked, the chart follows the factory's today (also past midnight on a wall screen).
  const [picked, setPicked] = useState<string | null>(null);
  const date = picked ?? today;
  const query = usePowerChart(date, today, { live });
  const series = useMemo(() => (query.data ? powerChartSeries(query.data) : null), [query.data]);
  const option = useMemo(
    () =>
      series &&
      powerChartOption(series, query.data?.contractCapacityKW ?? null, {
        kwh: t('overview.powerChart.kwh'),
        averageKw: t('overview.powerChart.averageKw'),
        maxKw: t('overview.powerChart.maxKw'),
        capacity: t('overview.powerChart.capacity'),
        kwhAxis: t('charts.kwh'),
        kwAxis: t('charts.kw'),
        axisLabel: (time) => chartTimeLabel(time, zone, false),
        tooltipTitle: (time) => chartTimeTitle(time, zone),
        formatKwh: (value) => formatWithUnit(value, 'kWh', language),
        formatKw: (value) => formatWithUnit(value, 'kW', language),
      }),
    [series, query.data?.contractCapacityKW, t, zone, language],
  );

  return (
    <OverviewCard
      title={t('overview.powerChart.title')}
      testId="overview-power-chart"
      height={414}
      phoneHeight={482}
      wide
      meta={
        query.data
          ? `${t('overview.powerChart.total')}: ${formatWithUnit(query.data.totalKWH, 'kWh', language)}`
          : undefined
      }
      actions={
        <div className="wb-field wb-ov-inline-field">
          <label htmlFor={inputId} className="wb-field__label">
            {t('overview.powerChart.date')}
          </label>
          <input
            id={inputId}
            type="date"
            className="wb-input"
            value={date}
            max={today}
            onChange={(event) => {
              if (isCalendarDate(event.target.value)) setPicked(event.target.value);
            }}
          />
        </div>
      }
    >
      <CardState query={query}>
        {series && option && hasPowerData(series) ? (
          <div aria-busy={query.isPlaceholderData}>
            <EChart
              option={option}
              height={280}
              label={t('overview.powerChart.chartLabel', { date: displayDate(date) })}
              testId="overview-power-chart-canvas"
            />
            <ChartLegend
              label={t('overview.powerChart.legend')}
              items={[
                { key: 'kwh', label: t('overview.powerChart.kwh'), color: POWER_COLORS.kwh },
                {
                  key: 'avg',
                  label: t('overview.powerChart.averageKw'),
                  color: POWER_COLORS.averageKw,
                },
                { key: 'max', label: t('overview.powerChart.maxKw'), color: POWER_COLORS.maxKw },
                ...(query.data?.contractCapacityKW
                  ? [
                      {
                        key: 'cap',
                        label: t('overview.powerChart.capacity'),
                        color: POWER_COLORS.capacity,
                      },
                    ]
                  : []),
              ]}
            />
          </div>
        ) : (
          <EmptyState text={t('overview.powerChart.empty')} />
        )}
      </CardState>
    </OverviewCard>
  );
}
